"""The collector's policy (bot.collector): full collections freeze their survivors, a thaw lets one walk everything.

These tests change the process's collector and put it back (``uninstall`` hands everything frozen back)."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from bot.collector import CollectorPolicy


class Node:
    """Something the collector tracks that can sit in a cycle and be watched with a weak reference."""

    def __init__(self) -> None:
        self.other: Node | None = None


class FakeTime:
    def __init__(self) -> None:
        self.t = 1_000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def policy() -> Iterator[tuple[CollectorPolicy, FakeTime]]:
    now = FakeTime()
    p = CollectorPolicy(thaw_every=60.0, now=now)
    gc.collect()  # what earlier tests left, out of the way
    p.install()
    try:
        yield p, now
    finally:
        p.uninstall()


def test_a_full_collection_freezes_its_survivors(policy: tuple[CollectorPolicy, FakeTime]) -> None:
    p, _ = policy
    kept = [Node() for _ in range(100)]
    gc.collect()
    assert p.full_collections == 1
    assert gc.get_freeze_count() >= len(kept)
    walked = {id(o) for o in gc.get_objects()}  # every generation's objects, the frozen ones aside
    assert not any(id(n) in walked for n in kept)


def test_a_younger_collection_freezes_nothing(policy: tuple[CollectorPolicy, FakeTime]) -> None:
    p, _ = policy
    frozen = gc.get_freeze_count()
    gc.collect(0)
    gc.collect(1)
    assert p.full_collections == 0
    assert gc.get_freeze_count() == frozen


def test_a_cycle_that_outlives_younger_collections_is_still_freed_by_the_next_full_one(
    policy: tuple[CollectorPolicy, FakeTime],
) -> None:
    alive = [Node(), Node()]
    alive[0].other, alive[1].other = alive[1], alive[0]
    cycle = weakref.ref(alive[0])
    gc.collect(0)
    gc.collect(1)  # only a full collection's survivors are frozen
    del alive
    gc.collect()
    assert cycle() is None


def test_a_cycle_that_dies_frozen_waits_for_the_thaw(policy: tuple[CollectorPolicy, FakeTime]) -> None:
    p, now = policy
    alive = [Node(), Node()]
    alive[0].other, alive[1].other = alive[1], alive[0]
    cycle = weakref.ref(alive[0])
    gc.collect()  # frozen while alive
    del alive
    gc.collect()
    assert cycle() is not None, "frozen: the collector does not walk it until the thaw"
    now.t += 59.0
    gc.collect()
    assert cycle() is not None and p.thaws == 0
    now.t += 1.0
    gc.collect()  # the first full collection after thaw_every walks everything
    assert cycle() is None
    assert p.thaws == 1
    assert gc.get_freeze_count() > 0, "and freezes what survives it again"


def test_the_thaws_come_every_thaw_every_seconds_from_the_last(policy: tuple[CollectorPolicy, FakeTime]) -> None:
    p, now = policy
    for _ in range(3):
        now.t += 60.0
        gc.collect()
        gc.collect()  # the next one, at once, walks only what was made since
    assert p.thaws == 3
    assert p.full_collections == 6


def test_uninstall_hands_everything_back_and_stops_freezing() -> None:
    p = CollectorPolicy(thaw_every=60.0, now=FakeTime()).install()
    gc.collect()
    assert gc.get_freeze_count() > 0
    p.uninstall()
    assert gc.get_freeze_count() == 0
    assert p._on_collection not in gc.callbacks
    gc.collect()
    assert gc.get_freeze_count() == 0 and p.full_collections == 1


def test_the_policy_sets_how_often_full_collections_come_and_gives_the_thresholds_back() -> None:
    """While installed, a full collection is due after every ``full_every`` middle-generation collections (each then
    walks less: what was promoted since the last one); once uninstalled, the collector's own thresholds again."""
    before = gc.get_threshold()
    policy = CollectorPolicy(full_every=3).install()
    try:
        assert gc.get_threshold() == (before[0], before[1], 3)
    finally:
        policy.uninstall()
    assert gc.get_threshold() == before
    policy.uninstall()  # a second time changes nothing
    assert gc.get_threshold() == before
