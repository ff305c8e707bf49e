"""A live game's lock (bot.live.GameLock) takes its fast path only when nobody waits: contended, it hands the game
over as asyncio's lock does, one holder at a time, waiters in the order they came, a cancelled waiter skipped. A lock
that failed to hand over would leave its waiters waiting for ever: each contended test is bounded (GUARD seconds), so
it fails instead of hanging the suite; nothing here is timed."""

from __future__ import annotations

import asyncio

import pytest

from bot.live import GameLock

#: A bound on a contended test that should take a few turns of the loop (a guard against hanging, not a timing).
GUARD = 10.0


async def test_an_uncontended_lock_is_taken_and_given_back_without_yielding():
    lock = GameLock()
    async with lock:
        assert lock.locked()
    assert not lock.locked()


async def test_contended_holders_run_one_at_a_time_in_the_order_they_came():
    lock = GameLock()
    order: list[str] = []
    inside = 0

    async def hold(name: str) -> None:
        nonlocal inside
        async with lock:
            inside += 1
            assert inside == 1  # never two holders at once
            order.append(f"{name} in")
            await asyncio.sleep(0)
            await asyncio.sleep(0)
            order.append(f"{name} out")
            inside -= 1

    await asyncio.wait_for(asyncio.gather(*(hold(name) for name in "abc")), GUARD)
    assert order == ["a in", "a out", "b in", "b out", "c in", "c out"]
    assert not lock.locked()


async def test_a_cancelled_waiter_is_skipped_and_the_lock_still_changes_hands():
    lock = GameLock()
    got: list[str] = []

    async def wait_for(name: str) -> None:
        async with lock:
            got.append(name)

    await lock.__aenter__()
    cancelled = asyncio.ensure_future(wait_for("cancelled"))
    patient = asyncio.ensure_future(wait_for("patient"))
    await asyncio.sleep(0)
    cancelled.cancel()
    await lock.__aexit__(None, None, None)
    await asyncio.wait_for(patient, GUARD)
    with pytest.raises(asyncio.CancelledError):
        await cancelled
    assert got == ["patient"] and not lock.locked()


async def test_an_error_inside_gives_the_lock_back():
    lock = GameLock()
    with pytest.raises(ValueError):
        async with lock:
            raise ValueError("refused")
    assert not lock.locked()
    async with lock:
        assert lock.locked()
