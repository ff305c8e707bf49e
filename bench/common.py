"""What every benchmark shares: timing statistics, a do-nothing transport, and realistic live games written
straight into a database the way the runtime would have written them.

Games come from :func:`engines.playout.random_playout`: a corpus of whole random games per engine, each cut at a
random step so the stored game is *live* (mid-way, with its log, its latest snapshot and the deadlines of its open
prompts). Writing the rows directly takes seconds for 10,000 games; playing them through the runtime would take
minutes and measure nothing more.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import platform
import random
import statistics
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import insert

import cogs.registry  # noqa: F401 - the games as the bot registers them (their presenters, their bench sizes)
from bot.db import ActionRow, Database, Deadline, Game, Snapshot, open_database
from bot.games import playable
from bot.runtime import SNAPSHOT_EVERY
from engines import get_engine
from engines.core import Action, Engine, Prompt
from engines.playout import random_playout

#: The games benchmarked, those servers are offered, each at the table sizes its UI declares for benchmarks
#: (:attr:`bot.games.GameUI.bench_players`: the recommended count and the extremes people play), in the lists' order.
TYPICAL_SIZES: dict[str, tuple[int, ...]] = {ui.name: ui.bench_players for ui in playable()}

#: The clock reading the stored deadlines are relative to (the runtime's ManualClock starts here too).
EPOCH = 1_700_000_000.0


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0..100), nearest-rank, of a non-empty sample."""
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


def summary(latencies: Sequence[float]) -> dict[str, float]:
    """p50 / p99 / mean of latencies in seconds, reported in milliseconds. An empty sample (a measurement window
    in which nothing finished, as on a machine busy with other work) has ``n`` 0 and NaN figures."""
    if not latencies:
        nan = float("nan")
        return {"n": 0, "p50_ms": nan, "p99_ms": nan, "mean_ms": nan}
    return {
        "n": len(latencies),
        "p50_ms": percentile(latencies, 50) * 1e3,
        "p99_ms": percentile(latencies, 99) * 1e3,
        "mean_ms": statistics.fmean(latencies) * 1e3,
    }


def machine() -> dict[str, Any]:
    return {
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "platform": platform.platform(terse=True),
        "date": time.strftime("%Y-%m-%d %H:%M %Z"),
    }


def player_ids(n: int, offset: int = 0) -> list[str]:
    """Discord-like user ids as strings (the runtime stores results by ``int(player)``)."""
    return [str(400_000_000_000_000_000 + offset + i) for i in range(n)]


async def fresh_database(path: Path) -> Database:
    """A migrated SQLite file at ``path`` (removed first), with the runtime's own pragmas."""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    return await open_database(f"sqlite+aiosqlite:///{path}")


class NullTransport:
    """A :class:`bot.transport.Transport` that answers at once and keeps nothing, so the dispatcher's database work
    is measured and Discord is not. (tests' RecordingTransport keeps every message and scans the DM channels on each
    post, which would grow with the thousands of players here.) Each call yields to the loop once, as a real HTTP
    request does, so a drain of many rows shares the loop with the players' clicks as it would against Discord."""

    def __init__(self) -> None:
        self._ids = itertools.count(10_000)
        self.calls = 0

    async def post(self, channel_id: int, payload: dict[str, Any], files: list | None = None) -> int:
        self.calls += 1
        await asyncio.sleep(0)
        return next(self._ids)

    async def edit(self, channel_id: int, message_id: int, payload: dict[str, Any], files: list | None = None) -> None:
        self.calls += 1
        await asyncio.sleep(0)

    async def delete(self, channel_id: int, message_id: int) -> None:
        self.calls += 1
        await asyncio.sleep(0)

    async def dm_channel(self, user_id: int) -> int:
        self.calls += 1
        await asyncio.sleep(0)
        return 900_000 + user_id % 1_000_000

    async def create_thread(self, channel_id: int, name: str, *, message_id: int | None, private: bool) -> int:
        self.calls += 1
        await asyncio.sleep(0)
        return next(self._ids)

    async def find_thread(self, guild_id: int, parent_id: int, name: str) -> int | None:
        self.calls += 1
        await asyncio.sleep(0)
        return None

    async def close_thread(self, thread_id: int) -> None:
        self.calls += 1
        await asyncio.sleep(0)

    async def recent_messages(self, channel_id: int, limit: int = 50) -> list[dict[str, Any]]:
        self.calls += 1
        await asyncio.sleep(0)
        return []

    async def find_role(self, guild_id: int, name: str) -> int | None:
        self.calls += 1
        await asyncio.sleep(0)
        return None

    async def thread_member(self, thread_id: int, user_id: int, present: bool) -> None:
        self.calls += 1
        await asyncio.sleep(0)

    async def create_role(self, guild_id: int, name: str) -> int:
        self.calls += 1
        await asyncio.sleep(0)
        return next(self._ids)

    async def delete_role(self, guild_id: int, role_id: int) -> None:
        self.calls += 1
        await asyncio.sleep(0)

    async def deny_in_threads(self, channel_id: int, role_id: int) -> None:
        self.calls += 1
        await asyncio.sleep(0)

    async def member_role(self, guild_id: int, user_id: int, role_id: int, present: bool) -> None:
        self.calls += 1
        await asyncio.sleep(0)


# -- a corpus of real games --------------------------------------------------------------------------------


@dataclass
class PlayedGame:
    """One finished random game with what is needed to store it cut at any step."""

    engine: Engine
    record: dict[str, Any]
    #: The open prompts after each step (index 0: after setup).
    prompts: list[list[Prompt]]
    #: ``engine.dump`` of the state after every SNAPSHOT_EVERY-th step, by step.
    snapshots: dict[int, dict[str, Any]] = field(default_factory=dict)

    @property
    def length(self) -> int:
        return len(self.record["log"])


def play_corpus(engine_name: str, games: int, seed: str = "bench") -> list[PlayedGame]:
    """``games`` random games of one engine, over its typical sizes, kept step by step."""
    engine = get_engine(engine_name)
    sizes = TYPICAL_SIZES[engine_name]
    corpus = []
    for i in range(games):
        n = sizes[i % len(sizes)]
        record = random_playout(engine, player_ids(n), f"{seed}/{engine_name}/{i}", check=False).record
        # without checks a playout keeps no history: replay its log once for the prompts and snapshots
        played = PlayedGame(engine, record, [])
        state, _ = engine.setup(record["players"], record["options"], record["seed"])
        for step in range(len(record["log"]) + 1):
            if step:
                state, _ = engine.apply(state, Action.from_json(record["log"][step - 1]))
            played.prompts.append(list(state.prompts))
            if step % SNAPSHOT_EVERY == 0:
                played.snapshots[step] = engine.dump(state)
        corpus.append(played)
    return corpus


@dataclass
class LiveSpec:
    """One live game to store: which played game, cut after how many actions."""

    game: PlayedGame
    cut: int


def live_specs(corpora: dict[str, list[PlayedGame]], count: int, seed: str = "cut") -> Iterator[LiveSpec]:
    """``count`` live games spread evenly over the engines, each cut at a uniformly random step before its end."""
    chooser = random.Random(seed)
    names = [n for n in TYPICAL_SIZES if corpora.get(n)]
    for i in range(count):
        game = chooser.choice(corpora[names[i % len(names)]])
        yield LiveSpec(game, chooser.randrange(game.length))


async def write_live_games(db: Database, specs: Sequence[LiveSpec], *, batch: int = 500, first_id: int = 1) -> list[int]:
    """Insert ``specs`` as running games, exactly the rows the runtime keeps: the game, its log up to the cut,
    the latest snapshot (every SNAPSHOT_EVERY actions, as bot.play.Play._commit writes them) and the deadlines of the
    prompts open at the cut. Returns the game ids."""
    ids = []
    for start in range(0, len(specs), batch):
        games, actions, snapshots, deadlines = [], [], [], []
        for offset, spec in enumerate(specs[start : start + batch]):
            gid = first_id + start + offset
            ids.append(gid)
            record, cut = spec.game.record, spec.cut
            players = record["players"]
            games.append(
                {
                    "id": gid,
                    "engine": record["engine"],
                    "status": "running",
                    "guild_id": 1_000 + gid % 50,
                    "guild_name": "Bench",
                    "channel_id": 2_000_000 + gid,
                    "thread_id": 3_000_000 + gid,
                    "host_id": int(players[0]),
                    "language": "en",
                    "seed": record["seed"],
                    "options": record["options"],
                    "seats": players,
                    "names": {p: f"Player {j}" for j, p in enumerate(players)},
                    "slots": {},
                    "seq": cut,
                    "paused": False,
                    "created_at": EPOCH,
                }
            )
            actions += [
                {"game_id": gid, "seq": seq, "action": entry, "at": EPOCH + seq}
                for seq, entry in enumerate(record["log"][:cut], start=1)
            ]
            snap_seq = cut - cut % SNAPSHOT_EVERY
            snapshots.append({"game_id": gid, "seq": snap_seq, "state": spec.game.snapshots[snap_seq]})
            deadlines += [
                {"game_id": gid, "prompt_id": p.id, "due_at": EPOCH + 3600 + p.timeout, "remaining": None}
                for p in spec.game.prompts[cut]
                if p.timeout is not None
            ]
        async with db.sessions.begin() as session:
            await session.execute(insert(Game), games)
            if actions:
                await session.execute(insert(ActionRow), actions)
            await session.execute(insert(Snapshot), snapshots)
            if deadlines:
                await session.execute(insert(Deadline), deadlines)
    return ids


def json_size(value: Any) -> int:
    return len(json.dumps(value, separators=(",", ":")))


def child_stats(pid: int | None = None) -> dict[int, list[str]]:
    """Each live child process of ``pid`` (this one: a bot's board workers), with the fields of its
    ``/proc/<child>/stat`` after the command's name (state, ppid, …; utime and stime are 11 and 12, stat's 14 and
    15); empty where there is no /proc."""
    pid = os.getpid() if pid is None else pid
    found = {}
    for entry in os.listdir("/proc") if os.path.isdir("/proc") else []:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if len(fields) > 12 and int(fields[1]) == pid:
            found[int(entry)] = fields
    return found
