"""Discord's pace, kept on the way out: a window of posts per channel (:class:`Pacer`), and a transport whose every
call waits its turn in the bot-wide window and each post then in its channel's (:class:`Paced`).
"""

from __future__ import annotations

import asyncio
import collections
from typing import Any

from bot.clock import Clock
from bot.transport import Transport


class Pacer:
    """At most ``limit`` posts in any ``window`` seconds to one channel (Discord's own pace: 5 in 5 s).

    discord.py waits out 429s, but a game should not run into them: a burst (seven Watch proposals in one second)
    is spread out instead. Time comes from the runtime's clock, so tests can drive it.

    The window is kept ``margin`` seconds longer than Discord's: a post is timed here when it leaves, and posts
    that left exactly 5 s apart can reach Discord less than 5 s apart (the bench's unpaced runs saw a sixth post
    inside Discord's window that way).
    """

    def __init__(self, clock: Clock, limit: int = 5, window: float = 5.0, margin: float = 0.25) -> None:
        self.clock = clock
        self.limit = limit
        self.window = window + margin
        #: The times of each channel's posts within the window. Channels without a post in the window are swept
        #: out once a window (:meth:`_sweep`), so the map holds the channels posted to lately, not every one ever.
        self._sent: dict[int, collections.deque[float]] = {}
        self._next_sweep = 0.0
        #: How many calls that go first (``wait(first=True)``) wait for a turn, by channel.
        self._ahead: collections.Counter[int] = collections.Counter()

    async def wait(self, channel_id: int, first: bool = False) -> None:
        """Wait for a turn in ``channel_id``'s window. ``first``: the call goes ahead of those waiting (a deletion the
        rules demand, see :data:`bot.rush.FIRST`): while one waits, the others leave it the next turn."""
        if first:
            self._ahead[channel_id] += 1
        try:
            while True:  # looked up afresh after a wait: a sweep meanwhile may have replaced the channel's entry
                now = self.clock.now()
                sent = self._sent.get(channel_id)
                if sent is None:
                    sent = self._sent[channel_id] = collections.deque()
                while sent and sent[0] <= now - self.window:
                    sent.popleft()
                if len(sent) + (0 if first else self._ahead[channel_id]) < self.limit:
                    sent.append(now)
                    if now >= self._next_sweep:
                        self._sweep(now)
                    return
                if sent:
                    await self.clock.sleep_until(sent[0] + self.window)
                else:  # the turn is free, kept for a call that goes first and is about to take it
                    await asyncio.sleep(0)
        finally:
            if first:
                self._ahead[channel_id] -= 1
                if not self._ahead[channel_id]:
                    del self._ahead[channel_id]

    def _sweep(self, now: float) -> None:
        """Forget the channels with no post in the window (their next post waits for nothing anyway). At most once a
        window, at a post: the map then holds the channels posted to in the last two windows, so a sweep costs
        about one step per post since the last."""
        # a new map rather than deletions: a dict never shrinks its table, which would keep the busiest window's size
        self._sent = {c: sent for c, sent in self._sent.items() if sent and sent[-1] > now - self.window}
        self._next_sweep = now + self.window


#: Discord lets a bot make 50 REST calls a second (interaction responses aside); the bot keeps under it with room
#: for the calls discord.py makes itself (the gateway's, a cog's follow-ups).
BOT_CALLS_PER_SECOND = 40


class Paced:
    """A transport that keeps Discord's pace: every call first waits its turn in the bot-wide window
    (``bot_pacer``, one "channel" for the whole bot: a deal for 25 players - their DM channels, role DMs and
    prompts - is spread over a few seconds instead of bursting 150 calls into one, where Discord answers 429 and,
    done often, blocks the bot for a while), and then a post in its channel's (``pacer``). The channel's wait comes
    last, right before the call, so the times it keeps are when posts leave.

    A deletion goes ahead of the calls waiting in the bot-wide window, and waits in no channel's: Discord counts
    message deletions in rate-limit buckets of their own, apart from the channel's posts (one for messages younger
    than 10 s, one for older; discord.py keys them apart in its ``delete_message``; discord-api-docs #1092, #1295,
    #8330), and discord.py waits out a 429 there should a burst of chatter meet one."""

    BOT = 0  # the bot-wide pacer's one "channel"

    def __init__(self, transport: Transport, pacer: Pacer | None, bot_pacer: Pacer | None) -> None:
        self._transport = transport
        self._pacer = pacer
        self._bot_pacer = bot_pacer

    def __getattr__(self, name: str) -> Any:
        call = getattr(self._transport, name)
        if name.startswith("_") or not asyncio.iscoroutinefunction(call):
            return call
        pacer = self._pacer if name == "post" else None
        first = name == "delete"

        async def paced(*args: Any, **kwargs: Any) -> Any:
            if self._bot_pacer is not None:
                await self._bot_pacer.wait(self.BOT, first=first)
            if pacer is not None:
                await pacer.wait(args[0] if args else kwargs["channel_id"])
            return await call(*args, **kwargs)

        return paced
