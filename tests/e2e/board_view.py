"""The board stays in view (issue 29, item 1): what the board games' end-to-end tests check after every turn.

A player reading the game's thread sees its last few messages; the board must be among them, whatever the game
posted since it was drawn. :func:`board_in_view` waits (on the fake server's state, not a clock) until the thread's
newest board is within the last :data:`IN_VIEW` messages, as the bot posts a board anew once it has sunk
(:data:`bot.executors.SUNK_BELOW`) or its chapter of the story is full, and records how deep it was found: the tests
assert on those depths.
"""

from __future__ import annotations

from typing import Any

from tests.fakediscord import FakeDiscord

#: The last messages of a thread a player sees without scrolling, on a phone: the board must be among them.
IN_VIEW = 4


def shown(server: FakeDiscord, thread: int) -> list[dict[str, Any]]:
    """The thread as its readers see it: every message not deleted (players' too), nothing private."""
    return [
        m for m in server.messages(thread, include_deleted=False, from_bot=None) if not m.get("ephemeral")
    ]


def is_board(message: dict[str, Any]) -> bool:
    """A board message: one with a picture attached (the game's record at the end is a file of another kind)."""
    return any(str(a.get("filename", "")).endswith(".png") for a in message.get("attachments") or ())


def boards(server: FakeDiscord, thread: int) -> list[dict[str, Any]]:
    """The thread's board messages."""
    return [m for m in shown(server, thread) if is_board(m)]


def depth(server: FakeDiscord, thread: int) -> int | None:
    """How many messages sit below the newest board (``None``: no board yet)."""
    messages = shown(server, thread)
    at = [i for i, m in enumerate(messages) if is_board(m)]
    return len(messages) - 1 - at[-1] if at else None


async def board_in_view(server: FakeDiscord, thread: int | None, seen: list[int], timeout: float = 30) -> None:
    """Wait until the thread's board is among its last :data:`IN_VIEW` messages (a board being drawn or posted anew
    is on its way), and record its depth then in ``seen``. No board yet (the deal still going out) passes."""
    if thread is None:
        return

    def in_view(_: FakeDiscord) -> bool:
        # the newest board: older ones stay as the story's chapters (lines and picture as they were then), or are
        # deleted when they told nothing (bot.executors.Executors._post_board)
        found = depth(server, thread)
        return found is None or found < IN_VIEW

    await server.wait_for(in_view, timeout=timeout, what=f"the board within the thread's last {IN_VIEW} messages")
    found = depth(server, thread)
    if found is not None:
        seen.append(found)
