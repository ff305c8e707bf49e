"""Settings from the environment (and ``.env`` through python-dotenv). See ``.env.example``."""

from __future__ import annotations

import os
from dataclasses import dataclass

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///nocturne.sqlite3"


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
    #: Test hook: the base URL of a fake Discord server (tests/fakediscord). Never set in production.
    fake_discord_url: str | None = None
    #: Test hook: deal every game from this seed, so end-to-end runs can be compared. Never set in production.
    test_seed: str | None = None

    @classmethod
    def from_env(cls, env: os._Environ[str] | dict[str, str] = os.environ) -> Settings:
        token = env.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError(
                "DISCORD_TOKEN is not set. Copy .env.example to .env and put your bot token there "
                "(Discord developer portal -> your application -> Bot -> Reset Token)."
            )
        shard_ids = env.get("SHARD_IDS", "").strip()
        if shard_ids and not env.get("SHARD_COUNT", "").strip():
            raise ConfigError("SHARD_IDS needs SHARD_COUNT too (the total number of shards across all processes).")
        return cls(
            token=token,
            database_url=normalise_database_url(env.get("DATABASE_URL", "").strip() or DEFAULT_DATABASE_URL),
            default_language=env.get("DEFAULT_LANGUAGE", "").strip() or None,
            dev_guild_id=_int_or_none(env, "DEV_GUILD_ID"),
            shard_count=_int_or_none(env, "SHARD_COUNT"),
            shard_ids=tuple(int(s) for s in shard_ids.split(",")) if shard_ids else None,
            log_level=env.get("LOG_LEVEL", "INFO").strip().upper() or "INFO",
            fake_discord_url=env.get("NOCTURNE_FAKE_DISCORD") or None,
            test_seed=env.get("NOCTURNE_TEST_SEED") or None,
        )


def normalise_database_url(url: str) -> str:
    """Accept Heroku's ``postgres://`` and plain ``postgresql://`` and pick the async drivers.

    >>> normalise_database_url("postgres://u:p@h:5432/db")
    'postgresql+asyncpg://u:p@h:5432/db'
    >>> normalise_database_url("sqlite:///games.db")
    'sqlite+aiosqlite:///games.db'
    """
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+asyncpg://" + url[len(prefix) :]
    if url.startswith("sqlite://"):
        return "sqlite+aiosqlite://" + url[len("sqlite://") :]
    return url


def _int_or_none(env, name: str) -> int | None:
    raw = env.get(name, "").strip()
    if not raw:
        return None
    try:
        return int(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a number, not {raw!r}") from None
