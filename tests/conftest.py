"""Every test sees the games registered as the bot registers them (``cogs.game`` imports the registry)."""

import cogs.registry  # noqa: F401
