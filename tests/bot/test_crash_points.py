"""A crash between any Discord side effect and its "sent" mark changes nothing players can see (issue #11).

The reference plays a Night Watch game of five through the runtime and the dispatcher to an elimination (a
player muted), then aborts it. Each variant plays the same game but the process "dies" right after the N-th call
that changed something on Discord (a post, an edit, a thread, a role, a member) — before the dispatcher could
mark it sent — and a new process recovers from the database. Discord forgets nonces in this test (as after an
outage longer than its de-duplication window), so nothing may rely on them. Afterwards every channel must read
exactly like the reference, with one thread per game and team, and no role left behind.
"""

from __future__ import annotations

import asyncio
import os
import random

import pytest

from bot.delivery import Dispatcher
from bot.runtime import Runtime
from engines.core import Action
from tests.bot.conftest import RecordingTransport
from tests.bot.test_runtime import open_game
from tests.databases import migrated_sqlite

SIDE_EFFECTS = ("post", "edit", "create_thread", "create_role", "deny_in_threads", "member_role", "thread_member", "delete_role", "close_thread", "delete")
PLAYERS = [str(2000 + i) for i in range(5)]
STEPS = 40


class CrashingTransport(RecordingTransport):
    """Discord, with the process dying right after its ``crash_at``-th side effect reached it."""

    def __init__(self, crash_at: int | None = None) -> None:
        super().__init__()
        self.crash_at = crash_at
        self.effects = 0
        self.crashed = False
        self.nonce_window = 0.0  # nonces are forgotten: a resend must find what it already posted
        for name in SIDE_EFFECTS:
            if hasattr(RecordingTransport, name):
                setattr(self, name, self._counted(getattr(super(), name)))

    def _counted(self, call):
        async def run(*args, **kwargs):
            if self.crashed:  # the process is dead: nothing more reaches Discord from it
                raise asyncio.CancelledError
            result = await call(*args, **kwargs)
            self.effects += 1
            if self.effects == self.crash_at:
                self.crashed = True
                raise asyncio.CancelledError  # the dispatcher dies before it can mark the row sent
            return result

        return run


class Restarting:
    """The bot's process on ``database``: its runtime, replaced by a new one recovered from the database whenever
    ``transport`` crashed (the process died and was started again), as :meth:`settle` finds it."""

    def __init__(self, database, clock, transport: CrashingTransport, seed: str) -> None:
        self.database, self.clock, self.transport = database, clock, transport
        self.seeds = iter(f"{seed}-{i}" for i in range(1, 100))
        self.runtime = self.new_runtime()

    def new_runtime(self) -> Runtime:
        runtime = Runtime(self.database, self.clock, new_seed=lambda: next(self.seeds))
        Dispatcher(runtime, self.transport, retry_delay=0)
        return runtime

    async def settle(self) -> Runtime:
        """Everything delivered, the process restarted first if it died meanwhile; the runtime now."""
        await self.runtime.idle()
        if self.transport.crashed:  # the process died: a new one starts on the same database
            await self.runtime.writer.close()
            self.runtime = self.new_runtime()
            self.transport.crashed = False
            self.transport.crash_at = None
            await self.runtime.recover()
            await self.runtime.idle()
        return self.runtime


def random_step(live, chooser: random.Random) -> Action:
    """A random legal action of one of the first prompt's players, or its timeout (never a player leaving)."""
    prompt = live.state.prompts[0]
    actors = [p for p in prompt.players if live.engine.legal_actions(live.state, p)]
    action = live.engine.random_action(live.state, chooser.choice(actors), chooser) if actors else None
    return Action.timeout(prompt.id) if action is None or action.kind == "leave" else action


async def play(database, clock, transport: CrashingTransport) -> Runtime:
    process = Restarting(database, clock, transport, "seed")
    chooser = random.Random(11)
    live = await open_game(process.runtime, players=PLAYERS)
    runtime = await process.settle()
    game_id = live.id
    for _ in range(STEPS):
        live = await runtime.get(game_id)
        if live.state.outcome is not None or len(live.state.alive) < len(PLAYERS):
            break
        await runtime.act(game_id, random_step(live, chooser))
        runtime = await process.settle()
    if (await runtime.get(game_id)).row.status == "running":
        await runtime.cancel(game_id, [{"do": "post", "to": "game", "content": "aborted"}])
        runtime = await process.settle()
    return runtime


def seen(transport: RecordingTransport) -> dict:
    """What players can see: each channel's messages in order (text and controls), threads and roles."""
    channels = {}
    for channel, ids in transport.by_channel.items():
        live = [transport.messages[m] for m in ids if m in transport.messages]
        channels[channel] = [(m.get("content"), str(m.get("components"))) for m in live]
    threads = sorted((t["name"], t["private"], t.get("locked", False)) for t in transport.threads.values())
    return {"channels": channels, "threads": threads, "roles": sorted(r["name"] for r in transport.roles.values())}


@pytest.fixture
async def reference(tmp_path, clock):
    """The uninterrupted run, on a database of its own (so its game ids match the variant's)."""
    db = await migrated_sqlite(tmp_path / 'reference.sqlite3')
    transport = CrashingTransport()
    runtime = await play(db, clock, transport)
    await runtime.close()
    await db.close()
    return transport


async def test_the_reference_mutes_someone_and_leaves_nothing_behind(reference):
    assert any(c[0] == "create_role" for c in reference.calls), "the scenario must reach an elimination"
    assert seen(reference)["roles"] == []  # the abort deleted the muted role
    assert all(t[2] for t in seen(reference)["threads"] if not t[1])  # the game thread is closed


@pytest.mark.parametrize("crash_at", range(1, 60, 1 if os.environ.get("NOCTURNE_LONG") == "1" else 4))
async def test_a_crash_after_any_side_effect_changes_nothing(database, clock, reference, crash_at, tmp_path):
    if crash_at > reference.effects:
        pytest.skip(f"the scenario makes {reference.effects} side effects")
    transport = CrashingTransport(crash_at)
    runtime = await play(database, clock, transport)
    await runtime.close()
    assert seen(transport) == seen(reference), _debug_diff(seen(transport), seen(reference))


def _debug_diff(a, b):  # pragma: no cover - a helper for reading failures
    out = []
    for ch in sorted(set(a["channels"]) | set(b["channels"])):
        x, y = a["channels"].get(ch, []), b["channels"].get(ch, [])
        if x != y:
            out.append(f"channel {ch}: {len(x)} vs {len(y)}")
            for i, (m, n) in enumerate(zip(x, y)):
                if m != n:
                    out.append(f"  #{i}: {m[0][:200]!r}\n   vs {n[0][:200]!r}")
                    break
            if len(x) != len(y):
                out.append(f"  extra: {[m[0][:80] for m in (x[len(y):] or y[len(x):])]}")
    return "\n".join(out)
