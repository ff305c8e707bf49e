"""Start the bot: ``python -m bot`` (reads ``.env``; see ``.env.example``)."""

from __future__ import annotations

import logging
import sys

from dotenv import load_dotenv

from bot.config import ConfigError, Settings


def main() -> int:
    load_dotenv()
    try:
        settings = Settings.from_env()
    except ConfigError as exc:
        print(f"nocturne: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=getattr(logging, settings.log_level, logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    from bot.app import Nocturne, point_at_fake_discord

    if settings.fake_discord_url:
        point_at_fake_discord(settings.fake_discord_url)
    bot = Nocturne(settings)
    bot.run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
