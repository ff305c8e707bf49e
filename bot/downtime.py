"""The bot's own time of absence: a heartbeat in the database, and what the bot does when it comes back.

While the bot is down (killed, restarting, upgraded) or cut off from Discord's gateway, nobody can play: clicks
fail with "This interaction failed" and no prompt can be answered. That time is nobody's turn. So:

* a running, connected process writes a heartbeat (:class:`bot.heartbeat.Heartbeat`) every few seconds of its clock
  into ``meta``, under a key naming the shards it runs (a process that later runs the same shards, this one
  restarted or another taking over, reads the same key);
* a process that starts, or whose gateway connection was lost, is *away* (:meth:`bot.runtime.Runtime.hold`):
  its timers wait instead of timing out choices nobody could make;
* when it is connected again (:meth:`bot.runtime.Runtime.back`), every open deadline of its games moves on by the
  time it was away, and each open choice gets at least :data:`GRACE_SECONDS` (:func:`credited`); the chess
  clocks and turn budgets follow, since a game's clock is charged what its prompt's deadline says it waited. The
  game's thread is told first, and each open choice's message is rewritten with its new deadline.

A gateway outage shorter than :data:`BLIP_SECONDS` (Discord reconnects a session in about a second now and then)
only moves the deadlines on; it is not announced.

This module is the arithmetic of it, with no database: a board worker imports it (through the presenter's notice of
the grace) and should not pay for SQLAlchemy; the heartbeat itself is :mod:`bot.heartbeat`.
"""

from __future__ import annotations

#: Every open choice has at least this long once the bot is back, however little it had left.
GRACE_SECONDS = 20.0
#: A gateway outage shorter than this only moves deadlines on, without a notice or the grace.
BLIP_SECONDS = 5.0


def credited(due: float, since: float, now: float, grace: float = GRACE_SECONDS) -> float:
    """A deadline ``due`` once the bot is back at ``now`` after being away since ``since``: what was left when it
    went away, from now, and at least ``grace``. A deadline already past when it went away is left as it is (the
    choice had all its time while the bot was there; its timeout fires now)."""
    if due <= since:
        return due
    return now + max(due - since, grace)


__all__ = ["BLIP_SECONDS", "GRACE_SECONDS", "credited"]
