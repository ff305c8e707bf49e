"""A click whose only effect is a rewrite of the public message clicked on (a vote's live tally, NW-10) is answered
with that message rewritten (an interaction response of type 7) instead of a private answer plus an edit: the
dispatcher hands the rewrite over (:meth:`Dispatcher.take_rewrites`), holds the game's drain meanwhile, and marks
it sent once the answer went out, or delivers it as usual when the answer failed. Real engine, real database."""

from __future__ import annotations

import pytest

from bot.delivery import Dispatcher
from bot.runtime import Runtime
from engines.core import HOST, Action
from tests.bot.test_runtime import PLAYERS, open_game


async def vote_open(database, clock, transport):
    runtime = Runtime(database, clock, new_seed=lambda: "seed-1")
    dispatcher = Dispatcher(runtime, transport, retry_delay=0)
    live = await open_game(runtime)
    await runtime.act(live.id, Action(HOST, live.state.prompts[0].id, "skip"))  # NW-9: the host skips to the vote
    await runtime.idle()
    vote = live.state.prompts[0].id
    return runtime, dispatcher, live, vote, live.row.slots[f"prompt:{vote}"]["message"]


async def test_nw_10_a_vote_is_answered_with_the_live_tally_and_edited_once(database, clock, transport):
    runtime, dispatcher, live, vote, tally = await vote_open(database, clock, transport)
    if not database.is_sqlite:
        # PostgreSQL: the dispatcher does not keep the outbox in memory, so it never takes a rewrite
        await runtime.act(live.id, Action(PLAYERS[1], vote, "vote", {"target": PLAYERS[0]}))
        assert dispatcher.take_rewrites(live.id, tally) is None
        await runtime.close()
        return
    edits_before = transport.calls.count(("edit", tally))
    await runtime.act(live.id, Action(PLAYERS[1], vote, "vote", {"target": PLAYERS[0]}))
    taken = dispatcher.take_rewrites(live.id, tally)
    assert taken is not None
    row_ids, payload = taken
    assert "Votes cast: 1 of 10" in payload["content"] and payload["components"]  # the tally, controls kept
    assert dispatcher.take_rewrites(live.id, tally) is None  # one answer at a time
    await runtime.idle()
    assert transport.calls.count(("edit", tally)) == edits_before  # the drain waits for the answer
    await dispatcher.rewritten(live.id, row_ids, answered=True)
    await runtime.idle()
    assert transport.calls.count(("edit", tally)) == edits_before  # the answer was the edit
    assert await dispatcher._pending_rows(live.id) == []  # marked sent
    await runtime.close()


async def a_vote_taken(database, clock, transport):
    """A vote whose tally rewrite a click's answer has taken (SQLite: PostgreSQL never takes one, see above)."""
    if not database.is_sqlite:
        pytest.skip("SQLite only: on PostgreSQL the dispatcher does not keep the outbox in memory")
    runtime, dispatcher, live, vote, tally = await vote_open(database, clock, transport)
    await runtime.act(live.id, Action(PLAYERS[1], vote, "vote", {"target": PLAYERS[0]}))
    row_ids, _ = dispatcher.take_rewrites(live.id, tally)
    return runtime, dispatcher, live, tally, row_ids


async def test_a_failed_answer_leaves_the_rewrite_to_the_dispatcher(database, clock, transport):
    runtime, dispatcher, live, tally, row_ids = await a_vote_taken(database, clock, transport)
    await dispatcher.rewritten(live.id, row_ids, answered=False)  # e.g. the interaction had expired
    await runtime.idle()
    assert "Votes cast: 1 of 10" in transport.messages[tally]["content"]
    await runtime.close()


async def test_a_click_that_also_posts_or_rewrites_another_message_is_answered_as_usual(database, clock, transport):
    """The last vote closes the vote (NW-10/11): it posts the jailing, so nothing is taken and order is kept; a
    click on another message than the one rewritten takes nothing either."""
    runtime, dispatcher, live, vote, tally = await vote_open(database, clock, transport)
    if not database.is_sqlite:
        await runtime.close()
        return
    await runtime.act(live.id, Action(PLAYERS[1], vote, "vote", {"target": PLAYERS[0]}))
    assert dispatcher.take_rewrites(live.id, tally + 12345) is None
    await runtime.idle()
    for voter in PLAYERS[2:]:
        await runtime.act(live.id, Action(voter, vote, "vote", {"target": PLAYERS[1]}))
        await runtime.idle()
    await runtime.act(live.id, Action(PLAYERS[0], vote, "vote", {"target": PLAYERS[1]}))  # every vote in: closed
    assert dispatcher.take_rewrites(live.id, tally) is None
    await runtime.idle()
    await runtime.close()


async def test_a_click_while_an_edit_of_the_tally_is_on_its_way_is_answered_as_usual(database, clock, transport):
    """An edit the drain is delivering could reach Discord after a click's answer and show the older tally: while
    the game's drain is between taking rows and marking them, no rewrite is taken, and the drain delivers the
    newest tally last."""
    import asyncio

    runtime, dispatcher, live, vote, tally = await vote_open(database, clock, transport)
    if not database.is_sqlite:
        await runtime.close()
        return
    gate = asyncio.Event()
    edit = transport.edit

    async def slow_edit(channel_id, message_id, payload, files=None):
        await gate.wait()  # the first tally edit is on its way
        return await edit(channel_id, message_id, payload, files)

    transport.edit = slow_edit
    await runtime.act(live.id, Action(PLAYERS[1], vote, "vote", {"target": PLAYERS[0]}))
    for _ in range(5):
        await asyncio.sleep(0)  # the drain takes the rows and waits on Discord
    await runtime.act(live.id, Action(PLAYERS[2], vote, "vote", {"target": PLAYERS[0]}))
    assert dispatcher.take_rewrites(live.id, tally) is None
    gate.set()
    await runtime.idle()
    assert "Votes cast: 2 of 10" in transport.messages[tally]["content"]
    await runtime.close()


async def test_a_game_whose_rows_an_answer_is_rewriting_is_busy(database, clock, transport):
    """Rows claimed by a click's answer are deliveries still to come: the game counts as busy (a game that is over
    is not evicted before them) until the answer is marked."""
    runtime, dispatcher, live, tally, row_ids = await a_vote_taken(database, clock, transport)
    await runtime.idle()  # the game's drain ran and found nothing it may deliver yet
    assert dispatcher.busy(live.id)
    await dispatcher.rewritten(live.id, row_ids, answered=True)
    await runtime.idle()
    assert not dispatcher.busy(live.id)
    await runtime.close()
