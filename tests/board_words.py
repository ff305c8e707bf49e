"""Boards as their words: the real file name and alt text of each game's board, with a one-pixel picture.

Most tests that play games in this process read what the players are told, never a board's pixels, and drawing
the pictures was about a tenth of the suite's CPU (Midnight Hunt's board ~70 ms, drawn after nearly every play).
:mod:`tests.conftest` installs these for the whole test process; a test about pictures draws with the real renderers
(tests/boards, tests/bot/test_board_workers.py, the benches), and the bots the end-to-end tests start draw every
board for real in their worker processes. Module-level functions, as :class:`bot.boards.Boards` wants renderers.
"""

from __future__ import annotations

from typing import Any

from bot.render import BoardImage

#: A valid 1x1 PNG.
PIXEL = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082"
)


def ghost_at_home(view: Any, ctx: Any) -> BoardImage:
    from cogs.ghost_at_home.board_words import describe_board

    return BoardImage(PIXEL, describe_board(view, ctx), "ghost_at_home.png")


def midnighters(view: Any, ctx: Any) -> BoardImage:
    from cogs.midnighters.board_words import describe_board

    return BoardImage(PIXEL, describe_board(view, ctx), "midnighters.png")


def midnight_hunt(view: Any, ctx: Any) -> BoardImage:
    from cogs.midnight_hunt.board_words import BoardWords, describe_board

    return BoardImage(PIXEL, describe_board(BoardWords(view, ctx)), "midnight_hunt.png")


BOARD_WORDS = {"ghost_at_home": ghost_at_home, "midnighters": midnighters, "midnight_hunt": midnight_hunt}
