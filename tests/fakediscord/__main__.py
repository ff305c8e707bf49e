"""Run the fake Discord server standalone: ``python -m tests.fakediscord --port 0 --state-file state.json``.

Prints one JSON line ``{"url": ..., "bot_token": ..., ...}`` on stdout once listening (also written to
``--state-file`` if given), then serves until SIGINT/SIGTERM. Drive it over HTTP:
``GET /_fake/state`` and ``POST /_fake/{slash,click,submit_modal,user_message,user_edit,unfurl,set_dms_closed,
inject_429,...}`` with the :class:`FakeDiscord` method's keyword arguments as a JSON body.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import signal

from .server import FakeDiscord


async def _main(args: argparse.Namespace) -> None:
    server = FakeDiscord(
        guild_name=args.guild,
        users=args.users.split(",") if args.users else [],
        text_channels=args.channels.split(","),
        bot_token=args.token,
    )
    await server.start(args.port)
    info = server.snapshot()
    line = json.dumps({k: info[k] for k in ("url", "bot_token", "application_id", "bot_user_id", "guild_id", "users", "channels")})
    print(line, flush=True)
    if args.state_file:
        with open(args.state_file, "w") as fh:
            fh.write(line + "\n")
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    await server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.fakediscord")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--token", default=None)
    parser.add_argument("--guild", default="Test")
    parser.add_argument("--users", default="alice,bob", help="comma-separated user names")
    parser.add_argument("--channels", default="general", help="comma-separated text channel names")
    parser.add_argument("--state-file", default=None, help="write the startup JSON line here")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    asyncio.run(_main(args))


if __name__ == "__main__":
    main()
