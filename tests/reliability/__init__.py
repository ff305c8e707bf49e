"""Reliability suite: long-running and adversarial checks of the engines and the bot.

The short variants run in CI with the rest of the tests; ``NOCTURNE_LONG=1`` runs the long ones, e.g.
``NOCTURNE_LONG=1 .venv/bin/pytest tests/reliability``. Each module's docstring says what it covers; the ones that
drive the real bot against the fake Discord server share ``tests/reliability/play.py``.
"""
