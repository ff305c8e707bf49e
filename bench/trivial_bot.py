"""The trivial discord.py bot :mod:`bench.click_http` measures the real bot against: one button, answered at once.

Run by the bench as a subprocess against the fake server (``FakeDiscord.env()`` plus ``BENCH_CHANNEL``, the channel
to post its button in): a plain ``discord.Client`` identified as shard 1 of 2, so that the fake server sends it only
the interactions a test names ``shard=1`` for (the real bot, unsharded, counts as shard 0). At ready it posts one
message with one button; each click on it is answered with a type-7 update of that message (its content counting the
clicks), from the button's own callback, with no other work: what any discord.py bot pays to answer a click.
"""

from __future__ import annotations

import os

import discord

from tests.fakediscord import TOKEN_ENV_VAR, point_discord_py_from_env

CUSTOM_ID = "bench:trivial"


class Counter(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.clicks = 0

    @discord.ui.button(label="Click", custom_id=CUSTOM_ID, style=discord.ButtonStyle.primary)
    async def click(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        self.clicks += 1
        await interaction.response.edit_message(content=f"Clicked {self.clicks} times")


def main() -> None:
    if not point_discord_py_from_env():
        raise SystemExit("NOCTURNE_FAKE_DISCORD is not set")
    channel_id = int(os.environ["BENCH_CHANNEL"])
    client = discord.Client(intents=discord.Intents.default(), shard_id=1, shard_count=2, guild_ready_timeout=0.1)
    posted = False

    @client.event
    async def on_ready() -> None:
        nonlocal posted
        if not posted:  # the view made on the running loop (one made before it never dispatches)
            posted = True
            await client.get_partial_messageable(channel_id).send("Clicked 0 times", view=Counter())

    client.run(os.environ[TOKEN_ENV_VAR], log_handler=None)


if __name__ == "__main__":
    main()
