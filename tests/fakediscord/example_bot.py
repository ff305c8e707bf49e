"""A minimal bot wired the way the real bot should be, for subprocess tests and as a reference.

Run: ``NOCTURNE_FAKE_DISCORD=http://127.0.0.1:PORT NOCTURNE_FAKE_DISCORD_TOKEN=... python -m tests.fakediscord.example_bot``
(``FakeDiscord.env()`` returns exactly these two variables).
"""

from __future__ import annotations

import os

import discord
from discord.ext import commands

from tests.fakediscord import TOKEN_ENV_VAR, point_discord_py_from_env


def main() -> None:
    if not point_discord_py_from_env():  # must run before login/connect
        raise SystemExit("NOCTURNE_FAKE_DISCORD is not set")
    intents = discord.Intents.default()
    intents.members = True
    # guild_ready_timeout: discord.py waits this long after the last GUILD_CREATE before on_ready.
    bot = commands.Bot(command_prefix="!", intents=intents, guild_ready_timeout=0.1)

    @bot.tree.command(name="ping", description="Ping the bot")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"pong from {os.getpid()}")

    async def setup_hook() -> None:
        await bot.tree.sync()

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    bot.run(os.environ[TOKEN_ENV_VAR], log_handler=None)


if __name__ == "__main__":
    main()
