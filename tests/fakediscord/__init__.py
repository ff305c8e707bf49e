"""A fake Discord server (REST + gateway, in memory) for end-to-end tests of the real bot.

Typical use (in-process, same event loop as the test)::

    from tests.fakediscord import FakeDiscord, point_discord_py_at

    server = await FakeDiscord(users=["alice", "bob"], text_channels=["general"]).start()
    point_discord_py_at(server.url)          # or run the bot with env NOCTURNE_FAKE_DISCORD=server.url
    ...                                      # bot.login(server.bot_token); bot.connect()
    await server.wait_until_ready()
    iid = await server.slash(server.user_id("alice"), server.channel_id("general"), "ping")
    rec = await server.wait_for_response(iid)
    await server.stop()

See :mod:`tests.fakediscord.server` for the full API.
"""

from .server import (
    ENV_VAR,
    PACE_ENV,
    TOKEN_ENV_VAR,
    FakeDiscord,
    InteractionRecord,
    RequestRecord,
    WaitTimeout,
    default_pace,
    point_discord_py_at,
    point_discord_py_from_env,
    restore_discord_py_defaults,
)

__all__ = [
    "ENV_VAR",
    "PACE_ENV",
    "TOKEN_ENV_VAR",
    "FakeDiscord",
    "InteractionRecord",
    "RequestRecord",
    "WaitTimeout",
    "default_pace",
    "point_discord_py_at",
    "point_discord_py_from_env",
    "restore_discord_py_defaults",
]
