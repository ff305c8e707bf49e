"""Benchmark 6: /game stats and /game history on 100,000 finished games.

Finished games are written straight into SQLite as the runtime leaves them (the game row with its outcome, names
and final message slot; one ``results`` row per seated player with the server, won, draw and role), the five
engines in equal shares at their typical sizes. One big server holds ``big`` of them (a few hundred regulars,
some playing far more than others); the rest are spread over servers of 200 games each.

Measured, each command's queries as the bot runs them (:mod:`bot.stats`), on the big server:

* ``show``: the stats of the server's busiest player (every game of theirs read, per game, in order: streaks);
* ``top``: the Night Watch leaderboard (an aggregate over the server's Night Watch results);
* ``history``: the server's ten latest games.

The ratio is the result: the same command on a database holding **only the big server's games** against the
database holding all 100,000 (the indexes keep a server's stats to its own rows, so the other servers should cost
nothing: target ≤ 1.5 ×). For context, the same commands on the 100,000 games without the stats indexes (what they
buy), and the absolute times.
"""

from __future__ import annotations

import asyncio
import random
import shutil
import sqlite3
import time
from collections import Counter
from pathlib import Path
from typing import Any

from sqlalchemy import insert

from bench.common import TYPICAL_SIZES, player_ids, summary
from bot import stats
from bot.games import game_ui
from bot.db import Database, Game, Result, open_database
from engines.playout import random_playout

BIG_GUILD = 1_000
#: Games of each engine are dealt at these sizes (bench.common.TYPICAL_SIZES' first).
SIZES = {name: sizes[0] for name, sizes in TYPICAL_SIZES.items()}


def _roles_at_end(name: str, players: int) -> list[str] | None:
    """The roles one seeded random game of ``name`` ends with, as stats read them (``None``: the game has none)."""
    ui = game_ui(name)
    if ui.roles_at_end is None:
        return None
    seats = player_ids(players)
    played = random_playout(ui.engine, seats, f"stats/{name}", check=False)
    roles = stats.roles_at_end(ui.engine, played.state)
    return [roles[p] for p in seats if p in roles] or None


#: Each game's roles at the end, dealt round the seats of the stored results.
ROLES = {name: roles for name, n in SIZES.items() if (roles := _roles_at_end(name, n))}
EPOCH = 1_700_000_000.0
INDEXES = ("ix_results_board", "ix_results_player", "ix_games_guild_status_finished")


def _games(count: int, guild_of: Any, players_of: Any, rng: random.Random, first_id: int) -> tuple[list[dict], list[dict]]:
    """``count`` finished games' rows and result rows."""
    engines = list(SIZES)
    games, results = [], []
    for i in range(count):
        gid = first_id + i
        engine = engines[i % len(engines)]
        guild = guild_of(i)
        seats = players_of(guild, SIZES[engine])
        draw = rng.random() < 0.03
        winners = [] if draw else rng.sample(seats, k=max(1, len(seats) // 3))
        started = EPOCH + gid * 60.0
        finished = started + rng.uniform(300, 3600)
        roles = ROLES.get(engine)
        games.append(
            {
                "id": gid, "engine": engine, "status": "finished", "guild_id": guild, "guild_name": "bench", "channel_id": guild + 1,
                "host_id": int(seats[0]), "language": "en", "seed": f"s{gid}", "salt": "00" * 16, "options": {},
                "seats": seats, "names": {p: f"player{p[-4:]}" for p in seats}, "seq": 40, "paused": False,
                "slots": {"record": {"channel": guild + 2, "message": 10_000_000 + gid}},
                "outcome": {"winners": winners, "reason": "bench", "teams": [], "draw": draw},
                "created_at": started - 60, "started_at": started, "finished_at": finished,
            }
        )
        for seat, player in enumerate(seats):
            results.append(
                {
                    "game_id": gid, "user_id": int(player), "engine": engine, "won": player in winners, "draw": draw,
                    "finished_at": finished, "guild_id": guild, "role": roles[seat % len(roles)] if roles else None,
                }
            )
    return games, results


async def _write(db: Database, games: list[dict], results: list[dict]) -> None:
    async with db.engine.begin() as conn:
        for start in range(0, len(games), 5_000):
            await conn.execute(insert(Game), games[start : start + 5_000])
        for start in range(0, len(results), 20_000):
            await conn.execute(insert(Result), results[start : start + 20_000])


async def build(workdir: Path, games: int, big: int, seed: int = 6) -> dict[str, Any]:
    """Two SQLite files: the big server alone, and the big server among ``games`` finished games in all."""
    rng = random.Random(seed)
    regulars = [str(500_000_000_000_000_000 + i) for i in range(300)]
    weights = [1 / (rank + 1) ** 0.8 for rank in range(len(regulars))]  # a few play far more than the others

    def big_players(guild: int, n: int) -> list[str]:
        chosen: list[str] = []
        while len(chosen) < n:
            p = rng.choices(regulars, weights)[0]
            if p not in chosen:
                chosen.append(p)
        return chosen

    def small_players(guild: int, n: int) -> list[str]:
        pool = [str(600_000_000_000_000_000 + guild * 100 + i) for i in range(30)]
        return rng.sample(pool, n)

    alone_path, all_path = workdir / "stats-alone.sqlite3", workdir / "stats-all.sqlite3"
    for path in (alone_path, all_path):
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
    db = await open_database(f"sqlite+aiosqlite:///{alone_path}")
    big_games, big_results = _games(big, lambda i: BIG_GUILD, big_players, rng, first_id=1)
    await _write(db, big_games, big_results)
    await db.close()
    _checkpoint(alone_path)
    shutil.copy(alone_path, all_path)
    db = await open_database(f"sqlite+aiosqlite:///{all_path}")
    others = games - big
    other_games, other_results = _games(others, lambda i: 2_000 + i // 200, small_players, rng, first_id=big + 1)
    await _write(db, other_games, other_results)
    await db.close()
    _checkpoint(all_path)
    plays = Counter(r["user_id"] for r in big_results)
    busiest, busiest_games = plays.most_common(1)[0]
    return {
        "alone": alone_path,
        "all": all_path,
        "busiest": busiest,
        "busiest_games": busiest_games,
        "big_results": len(big_results),
        "results": len(big_results) + len(other_results),
        "big_nw_results": sum(1 for r in big_results if r["engine"] == "night_watch"),
    }


def _checkpoint(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.execute("ANALYZE")


def _drop_indexes(source: Path, target: Path) -> None:
    shutil.copy(source, target)
    with sqlite3.connect(target) as conn:
        for name in INDEXES:
            conn.execute(f"DROP INDEX {name}")
        conn.execute("ANALYZE")


COMMANDS = ("show", "top", "history")


async def measure(paths: dict[str, Path], busiest: int, reps: dict[str, int]) -> dict[str, dict[str, dict[str, float]]]:
    """p50/p99 of each command on each database, runs interleaved (each round times every database once), so
    the shared machine's load drifts over all of them alike and the ratios stay fair."""
    dbs = {label: await open_database(f"sqlite+aiosqlite:///{path}") for label, path in paths.items()}

    def call(db: Database, name: str) -> Any:
        if name == "show":
            return stats.player_stats(db, BIG_GUILD, busiest)
        if name == "top":
            return stats.leaderboard(db, BIG_GUILD, "night_watch")
        return stats.history(db, BIG_GUILD)

    figures: dict[str, dict[str, dict[str, float]]] = {label: {} for label in dbs}
    try:
        for name in COMMANDS:
            latencies: dict[str, list[float]] = {label: [] for label in dbs}
            for db in dbs.values():
                await call(db, name)  # warm the page cache and the statement cache
            scale = 10 if name == "history" else 1  # a few milliseconds each: more rounds for a steady median
            for round_ in range(scale * max(reps.values())):
                for label, db in dbs.items():
                    if round_ >= scale * reps[label]:
                        continue
                    t0 = time.perf_counter()
                    await call(db, name)
                    latencies[label].append(time.perf_counter() - t0)
            for label in dbs:
                figures[label][name] = summary(latencies[label])
    finally:
        for db in dbs.values():
            await db.close()
    return figures


async def run(workdir: Path, games: int = 100_000, big: int = 20_000, reps: int = 20) -> dict[str, Any]:
    started = time.perf_counter()
    built = await build(workdir, games, big)
    written = time.perf_counter() - started
    bare = workdir / "stats-all-unindexed.sqlite3"
    _drop_indexes(built["all"], bare)
    paths = {"alone": built["alone"], "among": built["all"], "unindexed": bare}
    figures = await measure(paths, built["busiest"], {"alone": reps, "among": reps, "unindexed": max(3, reps // 4)})
    alone, among, unindexed = figures["alone"], figures["among"], figures["unindexed"]
    return {
        "games": games,
        "big": big,
        "results": built["results"],
        "big_results": built["big_results"],
        "big_nw_results": built["big_nw_results"],
        "busiest_games": built["busiest_games"],
        "write_s": written,
        "alone": alone,
        "among": among,
        "unindexed": unindexed,
        "ratio": {c: among[c]["p50_ms"] / alone[c]["p50_ms"] for c in COMMANDS},
        "index_gain": {c: unindexed[c]["p50_ms"] / among[c]["p50_ms"] for c in COMMANDS},
    }


def render(s: dict[str, Any]) -> list[str]:
    names = {
        "show": f"`/game stats show`: the busiest player ({s['busiest_games']:,} games)",
        "top": f"`/game stats top`: Night Watch leaderboard ({s['big_nw_results']:,} results)",
        "history": "`/game history`: the 10 latest games",
    }
    out = [
        f"## 6. Stats on {s['games']:,} finished games",
        "",
        f"{s['games']:,} finished games written as the runtime leaves them ({s['results']:,} result rows; the five "
        f"engines in equal shares at typical sizes). One big server holds {s['big']:,} of them ({s['big_results']:,} "
        "results, 300 regulars, a few playing far more than the rest); the others are spread over servers of 200 "
        "games. Each command's queries (`bot/stats.py`) on the big server, p50 of repeated runs. The result is the "
        "ratio: the database holding all the games against one holding the big server's games alone (the indexes "
        "keep a server's stats to its own rows).",
        "",
        "| command on the big server | alone ms | among all ms | ratio | without the stats indexes ms (context) |",
        "|---|---:|---:|---:|---:|",
    ]
    for c in COMMANDS:
        out.append(
            f"| {names[c]} | {s['alone'][c]['p50_ms']:.2f} | {s['among'][c]['p50_ms']:.2f} | {s['ratio'][c]:.2f} × "
            f"| {s['unindexed'][c]['p50_ms']:.1f} ({s['index_gain'][c]:.0f} × slower) |"
        )
    worst = max(s["ratio"].values())
    out += [
        "",
        "| target | measured | verdict |",
        "|---|---|---|",
        f"| each command among {s['games']:,} games ≤ 1.5 × the same server alone | {worst:.2f} × (worst) | "
        f"{'**met**' if worst <= 1.5 else '**not met**'} |",
        "",
        "Nothing is counted outside the finished games: every figure is computed from the `results` rows at the "
        "moment it is asked for. The leaderboard is one aggregate over an index-only scan of the server's rows of "
        "that game (`ix_results_board`); a player's stats read their rows in order by `ix_results_player` and join "
        "each game by its key for the longest game; history walks `ix_games_guild_status_finished` backwards. "
        "The absolute times grow with the big server itself (its busiest player and its Night Watch results), "
        "not with the rest of the database.",
        "",
    ]
    return out


def main() -> None:
    import argparse
    import sys
    import tempfile

    parser = argparse.ArgumentParser(prog="python -m bench.stats", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--big", type=int, default=20_000)
    parser.add_argument("--reps", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="nocturne-bench-stats-") as tmp:
        result = asyncio.run(run(Path(tmp), args.games, args.big, args.reps))
    print(f"(written in {result['write_s']:.1f} s)", file=sys.stderr)
    print("\n".join(render(result)))


if __name__ == "__main__":
    main()
