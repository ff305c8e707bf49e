"""A timer costs the action that opens its prompt an entry in one heap for the process, not a task nor a handle on
the clock of its own (issue 27, ``act`` against the raw write): the task that warns and times out starts only at the
timer's first moment, and fires at the same moments as before (each warning, then the timeout); a prompt answered
before that leaves nothing behind, and answering it makes no call on the clock. The injected clock: nothing sleeps
on the wall clock."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from bot.clock import ManualClock
from bot.timers import COMPACT_MIN, LOBBY, WARN_AT, Timers

START = 1_700_000_000.0


def timers_on(clock: ManualClock) -> tuple[Timers, list[tuple[str, str, float]]]:
    """Timers of a stub runtime that records each warning and timeout with the moment it came."""
    seen: list[tuple[str, str, float]] = []

    async def timeout(game_id: int, prompt_id: str) -> None:
        seen.append(("timeout", prompt_id, clock.now()))

    async def expire(game_id: int) -> None:
        seen.append(("expire", LOBBY, clock.now()))

    runtime = SimpleNamespace(clock=clock, timeout=timeout, lobbies=SimpleNamespace(expire=expire), owns_guild=lambda g: True)
    timers = Timers(runtime, SimpleNamespace(), concurrency=4)  # type: ignore[arg-type]

    async def warn(game_id: int, prompt_id: str, left: int) -> None:
        seen.append((f"warn {left}", prompt_id, clock.now()))

    timers._warn = warn  # type: ignore[method-assign]
    return timers, seen


def tasks() -> set[asyncio.Task]:
    return {t for t in asyncio.all_tasks() if t is not asyncio.current_task()}


async def test_a_timer_waits_without_a_task_until_its_first_warning_and_then_warns_and_times_out_on_time():
    clock = ManualClock(START)
    timers, seen = timers_on(clock)
    before = tasks()
    timers.arm_one(1, "vote#1", START + 60)
    timers.arm_one(1, "vote#2", START + 15)  # too short for the 30-second warning
    assert tasks() == before  # no task yet
    assert not timers.tasks[1]["vote#1"].done()

    await clock.advance(100)
    await timers.settled()
    assert seen == [
        (f"warn {WARN_AT[1]}", "vote#2", START + 15 - WARN_AT[1]),
        ("timeout", "vote#2", START + 15),
        (f"warn {WARN_AT[0]}", "vote#1", START + 60 - WARN_AT[0]),
        (f"warn {WARN_AT[1]}", "vote#1", START + 60 - WARN_AT[1]),
        ("timeout", "vote#1", START + 60),
    ]
    assert timers.tasks == {}  # a timer that fired leaves no entry


async def test_a_prompt_answered_before_its_first_moment_leaves_nothing_behind():
    clock = ManualClock(START)
    timers, seen = timers_on(clock)
    timers.arm_one(1, "vote#1", START + 60)
    timer = timers.tasks[1]["vote#1"]
    timers.arm(SimpleNamespace(id=1, row=SimpleNamespace(guild_id=1), deadlines={}))  # the prompt closed
    assert timers.tasks == {} and timer.done() and timer.cancelled()
    await clock.advance(100)
    assert seen == [] and timer.task is None


async def test_an_overdue_deadline_fires_at_once_and_a_lobby_is_never_warned():
    clock = ManualClock(START)
    timers, seen = timers_on(clock)
    timers.arm_one(1, "vote#1", START - 5)  # passed while the bot was down (a restart)
    timers.arm_one(2, LOBBY, START + 60)
    assert timers.tasks[1]["vote#1"].task is not None  # started at once, as before
    await clock.advance(0)
    await timers.settled()
    assert seen == [("timeout", "vote#1", START)]
    await clock.advance(60)
    await timers.settled()
    assert seen[1:] == [("expire", LOBBY, START + 60)]


async def test_stop_ends_timers_whether_they_started_or_not():
    clock = ManualClock(START)
    timers, _ = timers_on(clock)
    timers.arm_one(1, "vote#1", START + 60)
    timers.arm_one(1, "vote#2", START + 40)
    await clock.advance(15)  # vote#2's first warning has come: its task waits for the second
    started, waiting = timers.tasks[1]["vote#2"], timers.tasks[1]["vote#1"]
    assert started.task is not None and waiting.task is None
    await timers.stop()
    assert timers.tasks == {} and started.cancelled() and waiting.cancelled()


async def test_one_call_on_the_clock_serves_every_waiting_timer_and_skips_the_stopped_ones():
    clock = ManualClock(START)
    timers, seen = timers_on(clock)
    timers.arm_one(1, "vote#1", START + 100)
    calls = len(clock._sleepers)  # the clock's queue of calls and sleepers
    timers.arm_one(2, "vote#1", START + 200)  # later than the earliest: no new call
    assert len(clock._sleepers) == calls
    timers.arm_one(3, "vote#1", START + 50)  # earlier: the call moves (the old one is cancelled, not called)
    timers.arm(SimpleNamespace(id=3, row=SimpleNamespace(guild_id=1), deadlines={}))  # game 3's prompt answered
    # the call follows the earliest timer still waiting: the clock is not woken for a moment with nothing to do
    assert min(when for when, _, call in clock._sleepers if not call.done()) == START + 100 - WARN_AT[0]
    timers.disarm(1)
    timers.disarm(2)
    assert all(call.done() for _, _, call in clock._sleepers)  # none left waiting: no call at all
    timers.arm_one(1, "vote#1", START + 100)
    timers.arm_one(2, "vote#1", START + 200)
    await clock.advance(300)
    await timers.settled()
    assert [moment for what, _, moment in seen if what == "timeout"] == [START + 100, START + 200]
    assert timers.tasks == {} and timers._waiting == []


async def test_prompts_answered_at_once_do_not_pile_up_and_the_others_still_fire_on_time():
    clock = ManualClock(START)
    timers, seen = timers_on(clock)
    timers.arm_one(0, "vote#1", START + 500)  # one prompt nobody answers
    for game in range(1, 5 * COMPACT_MIN):  # thousands answered before their first moment
        timers.arm_one(game, "vote#1", START + 60)
        timers.disarm(game)
    assert len(timers._waiting) <= 2 * COMPACT_MIN + 1
    await clock.advance(600)
    await timers.settled()
    assert [(what, moment) for what, _, moment in seen] == [
        (f"warn {WARN_AT[0]}", START + 500 - WARN_AT[0]),
        (f"warn {WARN_AT[1]}", START + 500 - WARN_AT[1]),
        ("timeout", START + 500),
    ]


async def test_the_manual_clock_calls_back_in_deadline_order_with_its_sleepers():
    clock = ManualClock(START)
    order: list[str] = []

    async def sleeper() -> None:
        await clock.sleep_until(START + 2)
        order.append("sleeper")

    task = asyncio.get_running_loop().create_task(sleeper())
    await asyncio.sleep(0)
    clock.call_at(START + 3, lambda: order.append("third"))
    clock.call_at(START + 1, lambda: order.append("first"))
    cancelled = clock.call_at(START + 1.5, lambda: order.append("cancelled"))
    cancelled.cancel()
    await clock.advance(5)
    await task
    assert order == ["first", "sleeper", "third"]
