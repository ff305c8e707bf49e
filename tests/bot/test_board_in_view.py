"""The board stays in view (issue 29, item 1): a board edited in place sinks under the game's story, so once
:data:`bot.executors.SUNK_BELOW` of the bot's messages sit below it (or it is older than
:data:`bot.executors.REPOST_AFTER`: Discord refuses edits of messages older than an hour, 30046), its next change is
posted anew at the bottom of the thread and the old copy deleted. A board with less below it is edited where it is,
which spends none of the channel's five posts in five seconds. Time is the injected clock."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot import boards
from bot.delivery import Dispatcher
from bot.executors import REPOST_AFTER, SUNK_BELOW
from bot.render import BoardImage

THREAD, CHANNEL = 7000, 7001


def painted(view, ctx) -> BoardImage:
    return BoardImage(b"\x89PNG " + str(view["turn"]).encode(), f"turn {view['turn']}")


@pytest.fixture
def pool(monkeypatch):
    made = boards.Boards(0, renderers={"demo": painted})
    monkeypatch.setattr(boards, "_shared", made)
    yield made
    made.close()


def a_game() -> SimpleNamespace:
    row = SimpleNamespace(slots={}, thread_id=THREAD, channel_id=CHANNEL, guild_id=1, names={}, seats=[])
    return SimpleNamespace(id=1, row=row)


def board(turn: int) -> dict:
    return {"do": "post", "to": "game", "content": f"Turn {turn}", "slot": "board", "render": {"engine": "demo", "view": {"turn": turn}}}


def line(text: str) -> dict:
    return {"do": "post", "to": "game", "content": text}


def in_thread(transport) -> list[str]:
    return transport.texts(THREAD)


async def test_a_board_with_little_below_it_is_edited_in_place(runtime, transport, pool):
    dispatcher: Dispatcher = runtime.dispatcher
    live = a_game()
    await dispatcher.execute(live, board(1), None)
    first = live.row.slots["board"]["message"]
    for n in range(SUNK_BELOW - 1):
        await dispatcher.execute(live, line(f"move {n}"), None)
    await dispatcher.execute(live, board(2), None)
    assert live.row.slots["board"]["message"] == first  # edited, not posted: no post of the channel's pace spent
    assert ("edit", first) in transport.calls and not any(call == "delete" for call, _ in transport.calls)
    assert transport.messages[first]["files"] == [("board.png", b"\x89PNG 2")]
    assert live.row.slots["board"]["below"] == SUNK_BELOW - 1


async def test_a_sunk_board_is_posted_anew_at_the_bottom_and_the_old_one_deleted(runtime, transport, pool):
    dispatcher: Dispatcher = runtime.dispatcher
    live = a_game()
    await dispatcher.execute(live, board(1), None)
    old = live.row.slots["board"]["message"]
    for n in range(SUNK_BELOW):
        await dispatcher.execute(live, line(f"move {n}"), None)
    assert live.row.slots["board"]["below"] == SUNK_BELOW
    await dispatcher.execute(live, board(2), None)
    new = live.row.slots["board"]["message"]
    assert new != old and old not in transport.messages and ("delete", old) in transport.calls
    assert in_thread(transport)[-1] == "Turn 2"  # the newest message of the thread
    assert transport.messages[new]["files"] == [("board.png", b"\x89PNG 2")]
    assert live.row.slots["board"].get("below", 0) == 0
    # what a game's turn posts (a line, then its board) keeps the board within the last SUNK_BELOW messages
    before = len(transport.calls)
    for turn in range(3, 12):
        await dispatcher.execute(live, line(f"turn {turn} line"), None)
        await dispatcher.execute(live, board(turn), None)
        texts = in_thread(transport)
        assert [t for t in texts if t.startswith("Turn ")] == [f"Turn {turn}"]  # one board, the current one
        assert f"Turn {turn}" in texts[-SUNK_BELOW:], texts[-4:]
    posts = sum(1 for call, channel in transport.calls[before:] if call == "post" and channel == THREAD)
    assert posts == 9 + 9 // SUNK_BELOW  # a line a turn, and the board posted anew every SUNK_BELOW turns


async def test_dms_and_other_channels_do_not_sink_the_board(runtime, transport, pool):
    dispatcher: Dispatcher = runtime.dispatcher
    live = a_game()
    await dispatcher.execute(live, board(1), None)
    first = live.row.slots["board"]["message"]
    for n in range(SUNK_BELOW + 2):
        await dispatcher.execute(live, {"do": "post", "to": "channel", "content": f"lobby {n}"}, None)
        await dispatcher.execute(live, {"do": "post", "to": "dm", "user": "1234", "content": f"your hand {n}"}, None)
    await dispatcher.execute(live, board(2), None)
    assert live.row.slots["board"]["message"] == first and first in transport.messages


async def test_a_board_older_than_discords_edit_window_is_posted_anew(runtime, transport, pool, clock):
    """Nothing below it, but Discord refuses edits of messages older than an hour (30046): a board 45 minutes old
    is posted anew, whatever sits below it."""
    dispatcher: Dispatcher = runtime.dispatcher
    live = a_game()
    await dispatcher.execute(live, board(1), None)
    first = live.row.slots["board"]["message"]
    await clock.advance(REPOST_AFTER - 1)
    await dispatcher.execute(live, board(2), None)
    assert live.row.slots["board"]["message"] == first
    await clock.advance(2)
    await dispatcher.execute(live, board(3), None)
    assert live.row.slots["board"]["message"] != first and first not in transport.messages


async def test_a_board_slot_from_before_counting_is_known_by_its_name(runtime, transport, pool):
    """A game started before boards were counted has a ``board`` slot without the mark: it sinks all the same."""
    dispatcher: Dispatcher = runtime.dispatcher
    live = a_game()
    await dispatcher.execute(live, board(1), None)
    old = live.row.slots["board"]["message"]
    live.row.slots["board"] = {k: v for k, v in live.row.slots["board"].items() if k not in ("board", "below")}
    for n in range(SUNK_BELOW):
        await dispatcher.execute(live, line(f"move {n}"), None)
    await dispatcher.execute(live, board(2), None)
    assert live.row.slots["board"]["message"] != old
