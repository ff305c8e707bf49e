"""Issue 25: the bot's own time of absence is nobody's turn (bot.downtime).

Each test plays a game on a real database with an injected clock, takes the bot away (a crash and restart, or a
lost gateway), keeps it away longer than the open choice had left, brings it back, and checks that the choice still
has its time (at least the grace), that no clock was charged for the outage, and what the thread was told.
"""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from bot.db import Deadline, Meta
from bot.delivery import Dispatcher
from bot.downtime import GRACE_SECONDS, credited
from bot.heartbeat import Heartbeat, heartbeat_key
from bot.runtime import Runtime
from engines.core import Prompt
from tests.bot.test_runtime import PLAYERS, open_game

#: One game per kind of timed choice, with the options that time it, and how many players.
TIMED = {
    "night_watch": ({"discussion_seconds": 60}, 10),  # NW: discussion, then a vote, a night
    "kdyz_snim": ({}, 5),  # KS: the night's sand timer and its clue turns
    "ghost_at_home": ({}, 2),  # GH: a turn
    "midnighters": ({"turn_seconds": 120}, 2),  # MN-19: a turn with its budget
    "midnight_hunt": ({"clock_minutes": 5}, 2),  # MH-57: a chess clock
}
COUNTDOWN = re.compile(r"<t:(\d+):R>")


def timed_prompt(live) -> Prompt:
    prompt = next((p for p in live.state.prompts if p.timeout is not None and p.id in live.deadlines), None)
    assert prompt is not None, live.state.prompts
    return prompt


async def stored_deadline(runtime: Runtime, game_id: int, prompt_id: str) -> float:
    async with runtime.db.sessions() as session:
        return (await session.get(Deadline, (game_id, prompt_id))).due_at


async def restarted(database, clock, transport, *, since: float | None) -> Runtime:
    """A new process on the same database, away since ``since`` until its gateway is ready (bot.app's order)."""
    runtime = Runtime(database, clock)
    Dispatcher(runtime, transport, retry_delay=0)
    runtime.hold(since)
    await runtime.recover()
    return runtime


async def crashed_and_restarted(database, clock, transport, *, played: float, down: float, **game):
    """A game (``open_game``'s arguments) played ``played`` seconds, then the bot dies and stays down ``down``
    seconds, and a new process starts (away since the crash): the game and the new runtime."""
    first = Runtime(database, clock, new_seed=lambda: "seed-1")  # a reproducible deal
    Dispatcher(first, transport, retry_delay=0)
    live = await open_game(first, **game)
    await clock.advance(played)
    since = clock.now()
    await first.close()
    clock._now += down
    return live, await restarted(database, clock, transport, since=since)


def test_credited_gives_back_what_was_left_and_at_least_the_grace():
    assert credited(due=110, since=100, now=400) == 400 + GRACE_SECONDS  # 10 s left: the grace
    assert credited(due=150, since=100, now=400) == 450  # 50 s left: all of it, from now
    assert credited(due=90, since=100, now=400) == 90  # already due while the bot was there: fires now
    assert credited(due=110, since=100, now=101, grace=0) == 111  # a blip: only moved on


@pytest.mark.parametrize("engine", sorted(TIMED))
async def test_a_restart_longer_than_the_time_left_costs_the_choice_nothing(database, clock, transport, engine):
    options, players = TIMED[engine]
    first = Runtime(database, clock, new_seed=lambda: "seed-1")  # a reproducible deal
    Dispatcher(first, transport, retry_delay=0)
    heartbeat = Heartbeat(database, clock, heartbeat_key(None, None))
    live = await open_game(first, players=PLAYERS[:players], engine=engine, options=options)
    prompt = timed_prompt(live)
    due = live.deadlines[prompt.id]
    await clock.advance(prompt.timeout - 8)  # 8 s left ...
    await first.idle()
    await heartbeat.beat()
    state = live.state
    await first.close()  # ... when the bot dies
    clock._now += prompt.timeout + 75  # and stays down longer than the choice had left
    second = await restarted(database, clock, transport, since=await heartbeat.last())
    await clock.advance(0)
    await second.idle()
    again = await second.get(live.id)
    assert again.state == state, "a timer fired while the bot was still away"
    assert await stored_deadline(second, live.id, prompt.id) == due  # nothing moved before the bot is back
    away = await second.back("restart")
    assert away == pytest.approx(prompt.timeout + 75)
    new_due = await stored_deadline(second, live.id, prompt.id)
    assert new_due == pytest.approx(clock.now() + GRACE_SECONDS)  # 8 s were left: the grace
    await second.idle()
    thread = again.row.thread_id
    notice = next(t for t in transport.texts(thread) if t.startswith("🔄"))
    assert "(a restart)" in notice and "nobody's turn" in notice, notice
    # the choice's own messages now show when it ends
    shown = {int(t) for texts in transport.messages.values() for t in COUNTDOWN.findall(texts.get("content") or "")}
    assert int(new_due) in shown
    await clock.advance(GRACE_SECONDS - 1)
    await second.idle()
    assert (await second.get(live.id)).state == state  # still open
    await clock.advance(2)
    await second.idle()
    assert (await second.get(live.id)).state.step > state.step  # and only now it times out
    await second.close()


async def test_a_choice_with_more_than_the_grace_left_keeps_exactly_what_it_had(database, clock, transport):
    live, second = await crashed_and_restarted(database, clock, transport, played=100, down=1000, options={"discussion_seconds": 300})
    prompt = timed_prompt(live)
    await second.back("restart")
    assert await stored_deadline(second, live.id, prompt.id) == pytest.approx(clock.now() + 200)
    await second.close()


async def test_mh_57_a_chess_clock_is_charged_nothing_for_the_outage(database, clock, transport):
    # 10 s of the mover's minute left when the bot dies, and down 75 s: more than the clock had left
    live, second = await crashed_and_restarted(
        database, clock, transport, played=50, down=75, players=PLAYERS[:2], engine="midnight_hunt", options={"clock_minutes": 1}
    )
    player = timed_prompt(live).players[0]
    await clock.advance(0)
    await second.idle()
    assert (await second.get(live.id)).state.outcome is None  # not lost on time at the restart
    await second.back("restart")
    await clock.advance(5)
    again = await second.get(live.id)
    pick = again.engine.legal_actions(again.state, player)[0]
    await second.act(live.id, pick)
    # 10 s were left, topped up to the grace; the outage is charged nothing, the 5 s after it are
    assert again.state.seats[player].clock == GRACE_SECONDS - 5 + again.state.options["increment_seconds"]
    await second.close()


async def test_mn_19_a_turn_budget_is_charged_nothing_for_the_outage(database, clock, transport):
    live, second = await crashed_and_restarted(
        database, clock, transport, played=30, down=600, players=PLAYERS[:2], engine="midnighters", options={"turn_seconds": 120}
    )
    player = timed_prompt(live).players[0]
    await second.back("restart")
    await clock.advance(10)
    again = await second.get(live.id)
    play = next(a for a in again.engine.legal_actions(again.state, player) if a.kind == "sleepwalk")
    await second.act(live.id, play)
    window = again.state.prompts[0]
    await clock.advance(window.timeout)
    await second.idle()
    resumed = again.state.prompts[0]
    assert (resumed.kind, resumed.players, resumed.timeout) == ("turn", (player,), 80)  # 120 - 30 - 10
    await second.close()


async def test_a_lost_gateway_holds_the_timers_and_moves_them_on_when_it_is_back(runtime, clock, transport):
    live = await open_game(runtime, options={"discussion_seconds": 60})
    prompt = timed_prompt(live)
    await clock.advance(50)
    state = live.state
    runtime.hold()  # the gateway is lost with 10 s left
    await clock.advance(120)
    await runtime.idle()
    assert live.state == state, "a choice nobody could answer timed out"
    await runtime.back("gateway")
    assert live.deadlines[prompt.id] == pytest.approx(clock.now() + GRACE_SECONDS)
    await runtime.idle()
    notice = [t for t in transport.texts(live.row.thread_id) if t.startswith("🔄")]
    assert len(notice) == 1 and "connection to Discord for 2 min 0 s" in notice[0], notice
    await clock.advance(GRACE_SECONDS + 1)
    await runtime.idle()
    assert live.state.step > state.step


async def test_a_gateway_blip_only_moves_the_deadlines_on(runtime, clock, transport):
    live = await open_game(runtime, options={"discussion_seconds": 60})
    prompt = timed_prompt(live)
    due = live.deadlines[prompt.id]
    posted = len(transport.texts(live.row.thread_id))
    runtime.hold()
    await clock.advance(2)
    await runtime.back("gateway")
    await runtime.idle()
    assert live.deadlines[prompt.id] == pytest.approx(due + 2)
    assert len(transport.texts(live.row.thread_id)) == posted  # no notice for a blip


async def test_a_paused_game_keeps_its_remaining_time_through_an_outage(runtime, clock):
    live = await open_game(runtime, options={"discussion_seconds": 60})
    prompt = timed_prompt(live)
    await runtime.pause(live.id)
    runtime.hold()
    await clock.advance(500)
    await runtime.back("restart")
    async with runtime.db.sessions() as session:
        row = await session.get(Deadline, (live.id, prompt.id))
    assert row.remaining == pytest.approx(60)


async def test_the_heartbeat_is_read_from_its_own_shards_else_from_the_newest(database, clock):
    alone = Heartbeat(database, clock, heartbeat_key(None, None))
    assert await alone.last() is None  # a new installation
    await alone.beat()
    await clock.advance(10)
    await alone.beat()  # a beat updates its row
    assert await alone.last() == clock.now()
    shard = Heartbeat(database, clock, heartbeat_key([1, 0], 4))
    assert shard.key == "alive:0,1/4"
    assert await shard.last() == clock.now()  # the shards were run otherwise before: the newest beat
    await clock.advance(10)
    await shard.beat()
    await clock.advance(10)
    await alone.beat()
    assert await shard.last() == clock.now() - 10  # its own
    async with database.sessions() as session:
        assert len((await session.scalars(select(Meta).where(Meta.key.like("alive:%")))).all()) == 2


async def test_what_was_not_yet_posted_before_the_crash_states_the_moved_deadline(database, clock, transport):
    """A choice whose message had not gone out when the bot died is posted, once it is back, with the deadline it
    has then: never "ended 1 s ago" (a Dream Catcher window DM was first posted already expired)."""
    from tests.bot.test_runtime import open_game_without_delivery

    first = Runtime(database, clock, new_seed=lambda: "seed-1")
    live = await open_game_without_delivery(first)  # the bot dies before it delivers anything
    prompt = timed_prompt(live)
    old_due = live.deadlines[prompt.id]
    await clock.advance(prompt.timeout - 5)
    since = clock.now()
    await first.close()
    clock._now += 100
    posted: list[str] = []
    post = transport.post

    async def recording_post(channel_id, payload, files=None):
        posted.append(payload.get("content") or "")
        return await post(channel_id, payload, files)

    transport.post = recording_post
    second = await restarted(database, clock, transport, since=since)
    await second.back("restart")
    await second.idle()
    new_due = await stored_deadline(second, live.id, prompt.id)
    shown = [int(t) for text in posted for t in COUNTDOWN.findall(text)]
    assert shown and int(old_due) not in shown and set(shown) == {int(new_due)}, (old_due, new_due, shown)
    await second.close()


async def test_a_failing_return_is_tried_again_and_never_holds_the_timers_for_good(runtime, clock, monkeypatch):
    """Moving the deadlines on can fail (a click closed a prompt meanwhile, the database busy: the restart e2e saw
    StaleDataError once): it is tried again, and if it keeps failing the timers go on with the deadlines they had
    instead of waiting for ever."""
    from bot.timers import BACK_ATTEMPTS, Timers

    live = await open_game(runtime, options={"discussion_seconds": 60})
    prompt = timed_prompt(live)
    real = Timers._back
    failures = {"left": 1}

    async def flaky(self, *args):
        if failures["left"]:
            failures["left"] -= 1
            raise RuntimeError("database busy")
        return await real(self, *args)

    monkeypatch.setattr(Timers, "_back", flaky)
    runtime.hold()
    await clock.advance(100)
    await runtime.back("gateway")
    assert runtime.away_since is None and live.deadlines[prompt.id] == pytest.approx(clock.now() + GRACE_SECONDS)

    failures["left"] = BACK_ATTEMPTS
    state = live.state
    runtime.hold()
    await clock.advance(100)
    await runtime.back("gateway")
    assert runtime.away_since is None
    await clock.advance(0)
    await runtime.idle()
    assert live.state.step > state.step  # its deadline had passed: the timer fired instead of waiting for ever
