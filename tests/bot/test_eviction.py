"""Games that are over leave memory (issue 16): once a finished, aborted or expired game's last deliveries are out,
nothing this process keeps by game or by channel holds it any more, and a later use of its id (a stale click,
/game history, ``runtime.get``) reloads it from the database and answers as before. Real database, real engines,
the recording transport."""

from __future__ import annotations

import asyncio
import itertools
import random

import pytest
from sqlalchemy import select

from bot import records, stats
from bot.db import Game
from bot.delivery import Dispatcher
from bot.pacing import Pacer
from bot.lobby import lobby_ops
from bot.runtime import LOBBY_SECONDS, GameError, Runtime
from engines.core import HOST, Action
from tests.bot.test_runtime import CHANNEL, GUILD, open_game, play_randomly


class JumpClock:
    """The pacer's clock here: a wait moves time on at once instead of waiting (Discord's pace is wall-clock time in
    the bot; the games' ManualClock would hold every drain until the test advanced it)."""

    def __init__(self) -> None:
        self.t = 0.0

    def now(self) -> float:
        return self.t

    async def sleep_until(self, when: float) -> None:
        self.t = max(self.t, when)
        await asyncio.sleep(0)


@pytest.fixture
async def rt(database, clock, transport):
    """The runtime as the bot builds it: a pacer, records (the final message carries the record file)."""
    seeds = itertools.count(1)
    runtime = Runtime(database, clock, new_seed=lambda: f"seed-{next(seeds)}")
    dispatcher = Dispatcher(runtime, transport, retry_delay=0, pacer=Pacer(JumpClock()))
    records.install(runtime, dispatcher)
    yield runtime
    await runtime.close()


def footprint(rt: Runtime) -> dict[str, int]:
    """The size of everything the runtime and its dispatcher keep by game (or by a game's players)."""
    d = rt.dispatcher
    return {
        "games": len(rt.games),
        "load_locks": len(rt._load_locks),
        "timers": len(rt._timers),
        "workers": len(d._workers),
        "again": len(d._again),
        "resumed": len(d._resumed),
        "known": len(d._known),
        "synced": len(d._synced),
        "seen": len(d._seen),
        "boards": len(d._board_shown),
        "dm_channels": len(d._dm_channels),
    }


def players(n: int, offset: int) -> list[str]:
    return [str(5000 + 100 * offset + i) for i in range(n)]


async def finish(rt: Runtime, game_id: int, seed: int) -> None:
    live = await rt.get(game_id)
    chooser = random.Random(seed)
    while live.state.outcome is None:
        await play_randomly(rt, game_id, chooser, 1)
    assert live.row.status == "finished"


async def lobby(rt: Runtime, host: int):
    return await rt.open_lobby(
        "night_watch", guild_id=GUILD, guild_name="B5", channel_id=CHANNEL, host_id=host, host_name="h", language="en",
        lobby_ops=lobby_ops,
    )


async def status(rt: Runtime, game_id: int) -> str:
    async with rt.db.sessions() as session:
        return await session.scalar(select(Game.status).where(Game.id == game_id))


async def test_finished_aborted_and_expired_games_leave_memory_after_their_last_deliveries(rt, clock, transport):
    resident = await open_game(rt, players=players(10, 0))  # a game still running holds its own entries throughout
    await rt.pause(resident.id)  # its timers stand still while the clock runs the lobbies out
    await rt.idle()
    before = footprint(rt)
    assert before["games"] == 1 and before["dm_channels"] == 10

    finished, aborted, cancelled, expired = [], [], [], []
    for i in range(1, 5):
        live = await open_game(rt, players=players(5, i))
        await finish(rt, live.id, seed=i)
        finished.append(live)
        live = await open_game(rt, players=players(5, 10 + i))
        await rt.cancel(live.id, [{"do": "post", "to": "game", "content": "aborted by the host"}])
        aborted.append(live)
        live = await lobby(rt, host=7000 + i)
        await rt.cancel(live.id, [{"do": "edit", "slot": "lobby", "content": "cancelled", "components": []}])
        cancelled.append(live)
        expired.append(await lobby(rt, host=8000 + i))
    await rt.idle()
    assert footprint(rt)["games"] > before["games"]  # the lobbies left to expire, at least
    await clock.advance(LOBBY_SECONDS + 1)
    await rt.idle()

    ended = finished + aborted + cancelled + expired
    assert [await status(rt, g.id) for g in ended] == ["finished"] * 4 + ["aborted"] * 12
    assert footprint(rt) == before
    assert set(rt.games) == {resident.id}
    # ... and only after everything they had to say was said: the final message with its record, the role gone,
    # the thread closed, the expired lobbies' notice
    for live in finished:
        record = transport.messages[live.row.slots["record"]["message"]]
        assert record["files"] and transport.threads[live.row.thread_id]["archived"]
    for live in aborted:
        assert "aborted by the host" in transport.texts(live.row.thread_id)[-1]
        assert transport.threads[live.row.thread_id]["archived"]
    for live in expired:
        assert "nobody started it" in transport.messages[live.row.slots["lobby"]["message"]]["content"]
    assert not any(f"#{g.id}" in role["name"] for g in ended for role in transport.roles.values())
    # what the dispatcher recorded reached the database before the game left: /game history links the records
    history = {past.id: past.message for past in await stats.history(rt.db, GUILD)}
    for live in finished:
        slot = live.row.slots["record"]
        assert history[live.id] == (slot["channel"], slot["message"])

    # the pacer keeps only the channels posted to lately: after its window, the resident game's next post leaves
    # that game's channel alone in it, not the dozens the ended games posted to
    pacer = rt.dispatcher.pacer
    assert len(transport.by_channel) > 20
    pacer.clock.t += 2 * pacer.window
    await rt.resume(resident.id)
    prompt = resident.state.prompts[0]
    await rt.act(resident.id, Action(HOST, prompt.id, "skip"))  # the vote opens: a post in its thread
    await rt.idle()
    assert set(pacer._sent) <= {resident.row.thread_id, resident.row.channel_id}


async def test_a_stale_click_or_lookup_after_eviction_reloads_the_game_and_answers_as_before(rt):
    before = footprint(rt)
    live = await open_game(rt, players=players(5, 1))
    await finish(rt, live.id, seed=3)
    await rt.idle()
    assert live.id not in rt.games and footprint(rt) == before

    again = await rt.get(live.id)  # /game status, a late lookup: from the database
    assert again is not live
    assert (again.row.status, again.state.outcome, again.state.step) == ("finished", live.state.outcome, live.state.step)
    assert again.row.slots["record"] == live.row.slots["record"] and again.row.thread_id == live.row.thread_id
    last_prompt = "vote#1"
    with pytest.raises(GameError) as err:  # a click on an old button
        await rt.act(live.id, Action(players(5, 1)[0], last_prompt, "vote", {"target": players(5, 1)[1]}))
    assert err.value.code == "not_running"
    await asyncio.sleep(0)  # a game that is over, reloaded with nothing to deliver, leaves again at once
    assert footprint(rt) == before

    aborted = await open_game(rt, players=players(5, 2))
    await rt.cancel(aborted.id, [])
    await rt.idle()
    assert aborted.id not in rt.games
    with pytest.raises(GameError) as err:
        await rt.cancel(aborted.id, [])  # a second /game abort
    assert err.value.code == "not_running"
    assert (await rt.get(aborted.id)).row.status == "aborted"
    await asyncio.sleep(0)
    assert footprint(rt) == before


async def test_a_game_that_is_over_stays_while_its_last_deliveries_are_out(rt, transport):
    """Eviction waits for the drain: while the thread is being closed the game is still the one copy in memory (a
    click meanwhile finds it, not a reload), and it goes once the drain is done."""
    gate = asyncio.Event()
    closing = asyncio.Event()
    close_thread = transport.close_thread

    async def slow_close(thread_id):
        closing.set()
        await gate.wait()
        await close_thread(thread_id)

    transport.close_thread = slow_close
    before = footprint(rt)
    live = await open_game(rt, players=players(5, 1))
    await finish(rt, live.id, seed=3)
    await closing.wait()
    assert rt.dispatcher.busy(live.id) and rt.games.get(live.id) is live
    assert await rt.get(live.id) is live
    # a click arriving now waits for the game's lock while the game leaves memory: it is refused as by a fresh copy
    await live.lock.acquire()
    click = asyncio.ensure_future(rt.act(live.id, Action(players(5, 1)[0], "vote#1", "vote", {"target": players(5, 1)[1]})))
    await asyncio.sleep(0)
    gate.set()
    await rt.idle()
    assert live.id not in rt.games and transport.threads[live.row.thread_id]["archived"]
    live.lock.release()
    with pytest.raises(GameError) as err:
        await click
    assert err.value.code == "not_running"
    assert footprint(rt) == before


async def test_an_eviction_while_clicks_load_the_same_game(rt):
    """Two clicks on an evicted game load it once (the second waits for the first's load), a drain ending meanwhile
    evicts nothing half-loaded, and when they are done nothing is left behind, the load lock included."""
    before = footprint(rt)
    live = await open_game(rt, players=players(5, 1))
    await finish(rt, live.id, seed=3)
    await rt.idle()
    assert live.id not in rt.games

    loading, gate = asyncio.Event(), asyncio.Event()
    load = rt._load
    loads = []

    async def slow_load(game_id):
        loads.append(game_id)
        loading.set()
        await gate.wait()
        return await load(game_id)

    rt._load = slow_load
    first = asyncio.ensure_future(rt.get(live.id))
    second = asyncio.ensure_future(rt.get(live.id))
    stale = asyncio.ensure_future(rt.act(live.id, Action(players(5, 1)[0], "vote#1", "vote", {"target": players(5, 1)[1]})))
    await loading.wait()
    rt.drained(live.id)  # e.g. a late drain of the same game ending now
    assert live.id not in rt.games and len(rt._load_locks) == 1
    gate.set()
    a, b = await first, await second
    assert a is b and a.row.status == "finished" and loads == [live.id]
    with pytest.raises(GameError):
        await stale
    await asyncio.sleep(0)
    assert footprint(rt) == before


async def test_the_pacer_forgets_quiet_channels_and_still_keeps_the_pace():
    clock = JumpClock()
    pacer = Pacer(clock)
    for channel in range(1000):  # a thousand games' threads and DMs over 10 s, one post each
        clock.t = channel * 0.01
        await pacer.wait(channel)
    clock.t = 10 + pacer.window
    await pacer.wait(1)
    assert list(pacer._sent) == [1]  # none of the others posted within the window
    for _ in range(4):
        await pacer.wait(1)
    start = clock.t
    await pacer.wait(1)  # the sixth post in the window still waits for the first to leave it
    assert clock.t == pytest.approx(start + pacer.window)
