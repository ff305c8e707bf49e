"""Two bot processes, one PostgreSQL database: interleaved and simultaneous clicks for the same game.

Two ``python -m bot`` processes (``SHARD_COUNT=2``, ``SHARD_IDS=0`` and ``1``) share a fresh database created on the
server of ``TEST_DATABASE_URL`` (skipped, with the reason shown, when it is unset). The fake server sends each
click to the process the test picks (``click(..., shard=N)``), so both act on the same game:

* scripted conflicts at the start of day 1: one player's double click of "Ready" reaching both processes at
  once (exactly one accepted), two players ready at once on different processes, two votes at once, a double
  click of the same vote;
* then the whole game by the usual policy, each click sent at random (seeded) to one process or to both at once.

Then every click got an answer (an ephemeral acknowledgement or refusal), the stored log is numbered 1, 2, 3...
without a gap, every accepted click is in the log exactly once and nothing else is (no lost update, no phantom),
the public tally of the scripted vote matches the log, and the game ends as the single-process reference run with
the same seed (up to the order of simultaneous actions, which the reveal lists as they happened).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.harness import BotProcess, find_component
from tests.fakediscord import FakeDiscord
from tests.reliability.play import (
    LONG,
    SEED,
    ChaosTable,
    GameRun,
    Request,
    accepted,
    duplicates,
    log_key,
    play,
    reference,
)

pytestmark = pytest.mark.e2e

PG_URL = os.environ.get("TEST_DATABASE_URL")


class ShardProcess(BotProcess):
    """A bot process on a PostgreSQL database, running one of two shards."""

    def __init__(self, server: FakeDiscord, tmp_path: Path, database_url: str, shard: int) -> None:
        super().__init__(server, tmp_path / f"shard{shard}.sqlite3", SEED)  # the path only names its log file
        self.env.update(DATABASE_URL=database_url, SHARD_COUNT="2", SHARD_IDS=str(shard))


class PgStore:
    """Reads the newest game's log and the undelivered outbox from the shared database."""

    def __init__(self, url: str) -> None:
        self.url = url

    async def _fetch(self, sql: str) -> list[Any]:
        import asyncpg

        conn = await asyncpg.connect(self.url)
        try:
            return await conn.fetch(sql)
        finally:
            await conn.close()

    async def log(self) -> tuple[list[int], list[dict[str, Any]]]:
        rows = await self._fetch(
            "SELECT seq, action FROM actions WHERE game_id = (SELECT max(id) FROM games) ORDER BY seq"
        )
        return [r["seq"] for r in rows], [json.loads(r["action"]) for r in rows]

    async def pending(self) -> int:
        return (await self._fetch("SELECT count(*) AS n FROM outbox WHERE NOT sent"))[0]["n"]


@pytest.fixture
def database():
    """A fresh database on the TEST_DATABASE_URL server, dropped afterwards."""
    if not PG_URL:
        pytest.skip("TEST_DATABASE_URL is not set: two bot processes need a shared PostgreSQL database")
    import asyncpg

    name = f"nocturne_rel_{uuid.uuid4().hex[:12]}"
    admin = re.sub(r"^postgres(ql)?(\+asyncpg)?://", "postgresql://", PG_URL)

    async def run(sql: str) -> None:
        conn = await asyncpg.connect(admin)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    asyncio.run(run(f'CREATE DATABASE "{name}"'))
    try:
        yield admin.rsplit("/", 1)[0] + "/" + name
    finally:
        asyncio.run(run(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


def canonical_reveal(text: str) -> list[str]:
    """The reveal with the actions of each night and the votes of each day sorted: simultaneous clicks on two
    processes may land in either order, and the reveal lists them in the order they were taken."""
    lines = []
    for line in text.splitlines():
        night = re.match(r"^(Night \d+): (.*)$", line)
        day = re.match(r"^(Day \d+): (.*) → jailed: (.*)$", line)
        if night:
            line = f"{night.group(1)}: {sorted(night.group(2).split('; '))}"
        elif day:
            line = f"{day.group(1)}: {sorted(day.group(2).split(', '))} → jailed: {day.group(3)}"
        lines.append(line)
    return lines


async def conflicts_on_day_one(table: ChaosTable) -> None:
    """The scripted conflicts; marks what it clicked as answered so the policy does not click it again."""
    server, (a, b, c) = table.real, table.players[:3]
    discussion = await server.wait_for(lambda s: table.open_public_prompt(), timeout=30, what="day 1 discussion")
    ready = find_component(discussion, "nc:")["custom_id"]
    mid = int(discussion["id"])

    async def at_once(*clicks: tuple[int, str, list[str] | None, int], where: dict[int, int] | None = None) -> list[bool | None]:
        """Send clicks concurrently, each to its shard (on ``where[user]``'s message, else ``mid``); wait for every
        answer."""
        iids = await asyncio.gather(
            *(table._send(("click", (u, (where or {}).get(u, mid), cid, v), {}), shard) for u, cid, v, shard in clicks)
        )
        for iid in iids:
            await server.wait_for_response(iid, timeout=30)
        for u, cid, _v, _shard in clicks:
            table.answered.add((u, cid))
        table.last_answers = [server.interaction(iid).responses[0].get("content") for iid in iids]  # type: ignore[attr-defined]
        return [accepted(server, iid) for iid in iids]

    # one player's double click reaches both processes at once: one is taken, the other refused
    assert sorted(await at_once((a, ready, None, 0), (a, ready, None, 1))) == [False, True]
    # two players at once on different processes: both taken (at 5 players, the third ready opens the vote)
    assert await at_once((b, ready, None, 1), (c, ready, None, 0)) == [True, True]
    # bigger tables need more ready players to open the vote: the next seats, two at a time on both processes
    needed = len(table.players) // 2 + 1
    for i in range(3, needed, 2):
        pair = [p for p in table.players[i : min(i + 2, needed)]]
        assert all(await at_once(*((p, ready, None, n % 2) for n, p in enumerate(pair))))

    vote_msg = await server.wait_for(
        lambda s: (m := table.open_public_prompt()) and ":vote#" in str(m.get("components")) and m, timeout=30, what="the vote"
    )
    mid = int(vote_msg["id"])
    vote = find_component(vote_msg, "ns:")
    # one select of the living on the public message: each voter's choice is the first that is not themselves
    choice = {voter: [next(o["value"] for o in vote["options"] if str(voter) not in o["value"])] for voter in (a, b, c)}
    cid = vote["custom_id"]
    alive_count = int(re.search(r"Votes cast: \d+ of (\d+)", vote_msg["content"]).group(1))
    # two votes at once on different processes, then a double click of the same vote on both
    assert await at_once((a, cid, choice[a], 0), (b, cid, choice[b], 1)) == [True, True], table.last_answers
    answers = await at_once((c, cid, choice[c], 0), (c, cid, choice[c], 1))
    assert all(answer is not None for answer in answers) and any(answers)
    # the public tally shows the votes of the log
    _seqs, log = await table.store.log()
    voters = {x["player"] for x in log if x["kind"] == "vote"}
    assert voters == {str(a), str(b), str(c)}
    table.tally_problems = []  # type: ignore[attr-defined]
    try:
        await server.wait_for(
            lambda s: f"Votes cast: {len(voters)} of {alive_count}" in (s.message(mid).get("content") or ""),
            timeout=10,
            what="the tally to show the logged votes",
        )
    except AssertionError:
        table.tally_problems.append(f"the tally never showed {len(voters)} votes: {server.message(mid)['content']!r}")
    name_of = {uid: name for name, uid in server.snapshot()["users"].items()}
    logged = {name_of[x["player"]]: name_of[x["args"]["target"]] for x in log if x["kind"] == "vote"}  # last one counts
    shown = {}
    for target, count, voters_shown in re.findall(r"\*\*(\w+)\*\* — (\d+) \(([^)]*)\)", server.message(mid)["content"]):
        assert int(count) == len(voters_shown.split(", "))
        shown.update({voter: target for voter in voters_shown.split(", ")})
    if shown != logged:
        table.tally_problems.append(f"tally {shown} but log {logged}")


def check_no_lost_update(run: GameRun, players: list[str]) -> None:
    assert all(answer is not None for answer in run.answers.values())  # every click answered
    assert run.seqs == list(range(1, len(run.seqs) + 1))  # no gap, no step written twice
    taken = Counter(c.action_key() for c in run.clicks if run.answers[c.interaction] and c.action_key())
    logged = Counter(log_key(a) for a in run.raw_log if a["player"] in players)
    assert taken == logged  # every accepted click exactly once in the log, and nothing else


@pytest.mark.parametrize("players", [5, 10] if LONG else [5])
def test_two_processes_one_database(tmp_path, tmp_path_factory, database, players):
    ref = reference(tmp_path_factory, players)
    store = PgStore(database)
    rng = random.Random(f"two-processes-{players}")

    def route(request: Request) -> list[int | None]:
        if request[0] == "slash" or request[1][2].startswith("nl:"):
            return [0]  # the lobby on one process (see test_lobby_joins_on_two_processes)
        roll = rng.random()
        return [0] if roll < 0.4 else [1] if roll < 0.8 else [0, 1]  # one process, the other, or a double click

    tally_problems: list[str] = []

    async def scripted(table: ChaosTable) -> None:
        table.store = store  # type: ignore[attr-defined]
        await conflicts_on_day_one(table)
        tally_problems.extend(table.tally_problems)  # type: ignore[attr-defined]

    holder: dict[str, list[str]] = {}

    def bots(server: FakeDiscord) -> list[BotProcess]:
        holder["ids"] = [str(server.user_id(n)) for n in server.snapshot()["users"]]
        return [ShardProcess(server, tmp_path, database, 0), ShardProcess(server, tmp_path, database, 1)]

    run = asyncio.run(play(tmp_path, players, bots=bots, route=route, store=store, play_rounds=scripted))
    print(f"{players} players, 2 processes: {len(run.clicks)} clicks, {len(run.log)} actions, {run.seconds:.1f}s")
    assert {c.shard for c in run.clicks} == {0, 1}
    check_no_lost_update(run, holder["ids"])
    assert canonical_reveal(run.reveal) == canonical_reveal(ref.reveal)
    # What players read: each announcement once, and the tally showing the logged votes.
    problems = list(tally_problems)
    if duplicates(run.public) != duplicates(ref.public) or len(run.public) != len(ref.public):
        problems.append(f"{len(run.public)} public messages, the reference has {len(ref.public)}")
    if problems and KNOWN_DELIVERY_RACE:
        pytest.xfail(f"known bug (both processes drain one game's outbox with their own cached slots): {problems}")
    assert not problems


#: Both processes deliver the same game's outbox at once, each with its own cached ``slots`` (bot/delivery.py
#: Dispatcher._drain / _deliver, and _mark_sent writes its stale slots back): a tally can be posted twice, and
#: edits land on a copy. Set to False once deliveries of a game are serialised across processes.
KNOWN_DELIVERY_RACE = False
