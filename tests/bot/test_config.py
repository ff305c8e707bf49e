"""Settings from the environment: clear refusals, Heroku's database URLs, and which ``.env`` is read."""

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


def python_m_bot(cwd: Path, pythonpath: Path = ROOT, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot"], check=False, cwd=cwd, env={"PATH": "/usr/bin", "PYTHONPATH": str(pythonpath), **env},
        capture_output=True, text=True, timeout=60,
    )


def test_python_m_bot_without_token_exits_at_once_saying_what_to_set(tmp_path):
    result = python_m_bot(tmp_path)
    assert result.returncode == 2
    assert "DISCORD_TOKEN is not set" in result.stderr and ".env.example" in result.stderr


def test_a_dotenv_beside_the_code_is_not_read_when_the_bot_starts_elsewhere(tmp_path):
    """The bug was ``load_dotenv()`` walking up from bot/ to the checkout's .env, whatever the working directory."""
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    for name in ("bot", "engines", "cogs", "translations", "data"):
        (checkout / name).symlink_to(ROOT / name)
    (checkout / ".env").write_text("DISCORD_TOKEN=junk-from-the-checkout\nLOG_LEVEL=bogus\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = python_m_bot(elsewhere, pythonpath=checkout)
    assert result.returncode == 2
    assert "DISCORD_TOKEN is not set" in result.stderr, result.stderr


def test_the_working_directorys_dotenv_is_read_unless_switched_off(tmp_path):
    (tmp_path / ".env").write_text("DISCORD_TOKEN=from-dotenv\nLOG_LEVEL=bogus\n")
    read = python_m_bot(tmp_path)
    assert read.returncode == 2 and "LOG_LEVEL must be one of" in read.stderr, read.stderr
    ignored = python_m_bot(tmp_path, NOCTURNE_NO_DOTENV="1")
    assert ignored.returncode == 2 and "DISCORD_TOKEN is not set" in ignored.stderr, ignored.stderr


@pytest.mark.parametrize(
    ("name", "value", "says"),
    [
        ("DEFAULT_LANGUAGE", "de", "DEFAULT_LANGUAGE must be one of en, ru, cs"),
        ("LOG_LEVEL", "bogus", "LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR"),
        ("DATABASE_URL", "mysql://u:secret@h/db", "DATABASE_URL must be a SQLite or PostgreSQL URL"),
        ("DATABASE_URL", "games.db", "DATABASE_URL must be a SQLite or PostgreSQL URL"),
        ("DATABASE_URL", "postgresql://u:secret@h:port/db", "DATABASE_URL cannot be read as a postgresql:// URL"),
        ("DATABASE_URL", "sqlite://", "DATABASE_URL is an in-memory SQLite database"),
        ("DEV_GUILD_ID", "abc", "DEV_GUILD_ID must be a whole number"),
        ("DEV_GUILD_ID", "-5", "DEV_GUILD_ID must be 1 or more"),
        ("SHARD_COUNT", "0", "SHARD_COUNT must be 1 or more"),
        ("MESSAGE_CONTENT", "maybe", "MESSAGE_CONTENT must be on or off"),
    ],
)
def test_a_bad_setting_is_refused_naming_it_and_its_allowed_values(name, value, says):
    with pytest.raises(ConfigError, match=says) as refused:
        Settings.from_env({"DISCORD_TOKEN": "t", name: value})
    assert "secret" not in str(refused.value)


def test_shard_ids_must_lie_within_the_shard_count():
    with pytest.raises(ConfigError, match="SHARD_IDS must be distinct numbers from 0 to 1"):
        Settings.from_env({"DISCORD_TOKEN": "t", "SHARD_COUNT": "2", "SHARD_IDS": "0,2"})
    with pytest.raises(ConfigError, match="SHARD_IDS must be shard numbers"):
        Settings.from_env({"DISCORD_TOKEN": "t", "SHARD_COUNT": "2", "SHARD_IDS": "0;1"})


def test_settings_are_read_whatever_their_case():
    s = Settings.from_env({"DISCORD_TOKEN": "t", "DEFAULT_LANGUAGE": "CS", "LOG_LEVEL": "debug"})
    assert s.default_language == "cs" and s.log_level == "DEBUG"
    assert Settings.from_env({"DISCORD_TOKEN": "t", "DEFAULT_LANGUAGE": " "}).default_language is None


@pytest.mark.parametrize(
    ("value", "expected"),
    [("", False), ("on", True), ("ON", True), ("true", True), ("1", True), ("off", False), ("False", False), ("0", False)],
)
def test_message_content_is_a_switch_off_by_default(value, expected):
    """KS-13 / KS-19 / KS-24 typed in the thread: read only when switched on (the intent is privileged)."""
    assert Settings.from_env({"DISCORD_TOKEN": "t", "MESSAGE_CONTENT": value}).message_content is expected


def test_the_bot_asks_for_the_message_content_intent_only_when_switched_on():
    from bot.app import Nocturne

    for value, wanted in (("off", False), ("on", True)):
        bot = Nocturne(Settings.from_env({"DISCORD_TOKEN": "t", "MESSAGE_CONTENT": value}))
        assert bot.intents.message_content is wanted and not bot.intents.members


@pytest.mark.parametrize("value", ["fast", "0", "-2", "nan"])
def test_a_test_time_scale_that_is_not_a_positive_number_is_one_line_not_a_traceback(tmp_path, value):
    result = python_m_bot(tmp_path, NOCTURNE_NO_DOTENV="1", DISCORD_TOKEN="t", NOCTURNE_TEST_TIME_SCALE=value)
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "nocturne: NOCTURNE_TEST_TIME_SCALE (a test hook) must be a number above 0 (how many times faster game time "
        f"runs, e.g. 20), not {value!r}"
    )


def test_python_m_bot_refuses_a_bad_setting_at_once_with_exit_2(tmp_path):
    result = python_m_bot(tmp_path, NOCTURNE_NO_DOTENV="1", DISCORD_TOKEN="t", DEFAULT_LANGUAGE="de")
    assert result.returncode == 2
    assert result.stderr.strip() == "nocturne: DEFAULT_LANGUAGE must be one of en, ru, cs (or empty), not 'de'"


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("postgres://u:p@h:5432/db", "postgresql+asyncpg://u:p@h:5432/db"),
        ("postgresql://u@h/db", "postgresql+asyncpg://u@h/db"),
        ("sqlite:///games.db", "sqlite+aiosqlite:///games.db"),
        ("sqlite+aiosqlite:///x.db", "sqlite+aiosqlite:///x.db"),
        # libpq's sslmode is asyncpg's ssl (asyncpg refuses sslmode); an ssl already there wins
        ("postgres://u:p@h/db?sslmode=require", "postgresql+asyncpg://u:p@h/db?ssl=require"),
        ("postgresql://h/db?application_name=n&sslmode=verify-full", "postgresql+asyncpg://h/db?application_name=n&ssl=verify-full"),
        ("postgresql+asyncpg://h/db?ssl=disable&sslmode=require", "postgresql+asyncpg://h/db?ssl=disable&sslmode=require"),
    ],
)
def test_database_urls_pick_the_async_drivers(url, expected):
    assert normalise_database_url(url) == expected


@pytest.mark.parametrize(
    "url",
    ["sqlite://", "sqlite:///", "sqlite:///:memory:", "sqlite+aiosqlite://", "SQLITE://",
     "sqlite:///file::memory:?cache=shared&uri=true", "sqlite:///file:games?mode=memory&uri=true"],
)
def test_an_in_memory_database_is_refused_since_every_game_would_be_lost_at_restart(url):
    with pytest.raises(ConfigError, match="DATABASE_URL is an in-memory SQLite database, which loses every game"):
        Settings.from_env({"DISCORD_TOKEN": "t", "DATABASE_URL": url})


def test_defaults_and_sharding():
    s = Settings.from_env({"DISCORD_TOKEN": "t"})
    assert s.database_url.startswith("sqlite+aiosqlite:///") and s.shard_ids is None
    s = Settings.from_env({"DISCORD_TOKEN": "t", "SHARD_COUNT": "4", "SHARD_IDS": "0,1", "DATABASE_URL": "postgres://h/db"})
    assert s.shard_count == 4 and s.shard_ids == (0, 1) and s.database_url == "postgresql+asyncpg://h/db"
    with pytest.raises(ConfigError, match="SHARD_COUNT"):
        Settings.from_env({"DISCORD_TOKEN": "t", "SHARD_IDS": "0"})
    with pytest.raises(ConfigError, match="DEV_GUILD_ID"):
        Settings.from_env({"DISCORD_TOKEN": "t", "DEV_GUILD_ID": "abc"})


def test_the_example_settings_are_accepted_once_a_token_is_set():
    from dotenv import dotenv_values

    example = {k: v or "" for k, v in dotenv_values(ROOT / ".env.example").items()}
    assert set(example) >= {"DISCORD_TOKEN", "DATABASE_URL", "DEFAULT_LANGUAGE", "DEV_GUILD_ID", "SHARD_COUNT",
                            "SHARD_IDS", "LOG_LEVEL", "MESSAGE_CONTENT"}
    settings = Settings.from_env({**example, "DISCORD_TOKEN": "t"})
    assert settings.database_url.startswith("sqlite+aiosqlite:///") and settings.log_level == "INFO"
    assert settings.message_content is False


def test_the_readme_invite_url_asks_for_the_permissions_it_lists():
    import discord

    wanted = discord.Permissions(
        view_channel=True, send_messages=True, send_messages_in_threads=True, create_public_threads=True,
        create_private_threads=True, manage_threads=True, read_message_history=True, attach_files=True,
        embed_links=True, manage_roles=True,
    )
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"scope=bot+applications.commands&permissions={wanted.value}" in readme
    wanted.manage_messages = True  # typed clues: the bot deletes what the rules say (KS-14, KS-16, KS-19, KS-24)
    assert f"`permissions={wanted.value}`" in readme and "MESSAGE_CONTENT" in readme and "Message Content Intent" in readme
