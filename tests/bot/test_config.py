"""Settings from the environment: clear refusals, Heroku's database URLs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import ConfigError, Settings, normalise_database_url

ROOT = Path(__file__).resolve().parents[2]


def test_missing_token_is_a_clear_message():
    with pytest.raises(ConfigError, match="DISCORD_TOKEN"):
        Settings.from_env({})


def test_python_m_bot_without_token_exits_at_once_saying_what_to_set(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env={"PATH": "/usr/bin", "PYTHONPATH": str(ROOT)},
        capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 2
    assert "DISCORD_TOKEN is not set" in result.stderr and ".env.example" in result.stderr


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("postgres://u:p@h:5432/db", "postgresql+asyncpg://u:p@h:5432/db"),
        ("postgresql://u@h/db", "postgresql+asyncpg://u@h/db"),
        ("sqlite:///games.db", "sqlite+aiosqlite:///games.db"),
        ("sqlite+aiosqlite:///x.db", "sqlite+aiosqlite:///x.db"),
    ],
)
def test_database_urls_pick_the_async_drivers(url, expected):
    assert normalise_database_url(url) == expected


def test_defaults_and_sharding():
    s = Settings.from_env({"DISCORD_TOKEN": "t"})
    assert s.database_url.startswith("sqlite+aiosqlite:///") and s.shard_ids is None
    s = Settings.from_env({"DISCORD_TOKEN": "t", "SHARD_COUNT": "4", "SHARD_IDS": "0,1", "DATABASE_URL": "postgres://h/db"})
    assert s.shard_count == 4 and s.shard_ids == (0, 1) and s.database_url == "postgresql+asyncpg://h/db"
    with pytest.raises(ConfigError, match="SHARD_COUNT"):
        Settings.from_env({"DISCORD_TOKEN": "t", "SHARD_IDS": "0"})
    with pytest.raises(ConfigError, match="DEV_GUILD_ID"):
        Settings.from_env({"DISCORD_TOKEN": "t", "DEV_GUILD_ID": "abc"})
