"""Board images (issue 27): what one board costs to draw and encode, and what drawing boards does to the event loop.

``python -m bench.boards [--views N]`` runs it alone. The registered games' own renderers (``cogs/*/board.py``, as
the bot registers them) draw real public views: random games of each game with a board at its benchmark table
sizes, cut at steps spread over the game, in the three languages, with long and non-Latin display names.

* **Draw and encode**, each board timed three ways interleaved board by board (the order rotating), so that the
  machine's noise falls on all three alike: the settings before issue 27 (PNG ``optimize`` for Ghost at Home and
  Midnighters, zlib level 6 for Midnight Hunt; every layer drawn anew), the new encoding alone (zlib level 1,
  :data:`bot.render.PNG_OPTIONS`) and the new encoding with the layers that do not change drawn once
  (:func:`bot.render.layer`). The result is the ratio within the run.
* **The loop while boards are drawn**: a ticker on the event loop asks to wake every millisecond and records how
  late it wakes; the longest delay is the longest the loop was blocked. Three windows: idle (the machine's own
  noise), the same boards drawn on the loop as the dispatcher drew them before (synchronously, one after the
  other) and drawn through :class:`bot.boards.Boards` (worker processes sized to the machine, several boards in
  flight as several games' deliveries would be).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import time
from collections.abc import Mapping
from typing import Any

import bot.render
from bench.common import player_ids, summary
from bot import boards
from bot.games import GameUI, registered
from bot.render import RenderContext
from engines.core import Action
from engines.playout import random_playout
from translations import LANGUAGES

#: How each game's board was encoded before issue 27.
OLD_PNG: dict[str, dict[str, Any]] = {
    "ghost_at_home": {"optimize": True},
    "midnighters": {"optimize": True},
    "midnight_hunt": {"compress_level": 6},
}
NAMES = ("Šárka Dvořáková", "Алексей Кузнецов", "Bartholomew Longname-Smith", "Zoë", "Ivanova", "Bob")
#: Target: the loop is never blocked for more than this by a board (issue 27).
STALL_TARGET_MS = 20.0


def games_with_boards() -> list[GameUI]:
    return [ui for ui in registered() if ui.board is not None]


def sample_requests(per_game: int, seed: str = "boards") -> dict[str, list[dict[str, Any]]]:
    """``per_game`` render requests per game with a board, as the outbox carries them (engine, view, lang, names):
    public views of random games at the game's benchmark sizes, at steps spread over each game."""
    chooser = random.Random(seed)
    out: dict[str, list[dict[str, Any]]] = {}
    for ui in games_with_boards():
        requests: list[dict[str, Any]] = []
        game = 0
        while len(requests) < per_game:
            players = player_ids(ui.bench_players[game % len(ui.bench_players)])
            record = random_playout(ui.engine, players, f"{seed}/{ui.name}/{game}", check=False).record
            log = record["log"]
            wanted = min(per_game - len(requests), max(1, per_game // 2))
            steps = set(chooser.sample(range(len(log) + 1), min(wanted, len(log) + 1)))
            state, _ = ui.engine.setup(record["players"], record["options"], record["seed"])
            for step in range(len(log) + 1):
                if step:
                    state, _ = ui.engine.apply(state, Action.from_json(log[step - 1]))
                if step in steps:
                    lang = LANGUAGES[len(requests) % len(LANGUAGES)]
                    names = {p: NAMES[(i + game) % len(NAMES)] for i, p in enumerate(players)}
                    requests.append({"engine": ui.name, "view": ui.engine.view(state, None), "lang": lang, "names": names})
            game += 1
        out[ui.name] = requests
    return out


def _draw(request: Mapping[str, Any], png: Mapping[str, Any], layers: bool) -> tuple[float, int]:
    """One board drawn and encoded in this process: (seconds, PNG bytes)."""
    from bot.games import game_ui

    renderer = game_ui(request["engine"]).board
    assert renderer is not None
    saved = dict(bot.render.PNG_OPTIONS)
    bot.render.PNG_OPTIONS.clear()
    bot.render.PNG_OPTIONS.update(png)
    try:
        if not layers:
            bot.render.forget_layers()
        started = time.perf_counter()
        image = renderer(request["view"], RenderContext(request["lang"], request["names"]))
        return time.perf_counter() - started, len(image.png)
    finally:
        bot.render.PNG_OPTIONS.clear()
        bot.render.PNG_OPTIONS.update(saved)


VARIANTS = ("before", "encoding", "now")


def draw_and_encode(requests: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """Per game: each board drawn the three ways, interleaved (before, the new encoding alone, now)."""
    new_png = dict(bot.render.PNG_OPTIONS)
    ways = {
        "before": lambda r: _draw(r, OLD_PNG.get(r["engine"], new_png), layers=False),
        "encoding": lambda r: _draw(r, new_png, layers=False),
        "now": lambda r: _draw(r, new_png, layers=True),
    }
    result: dict[str, Any] = {}
    for engine, reqs in requests.items():
        for r in reqs[:2]:  # fonts, catalogues and the layers' first drawing are not what is measured
            ways["now"](r)
        times: dict[str, list[float]] = {v: [] for v in VARIANTS}
        sizes: dict[str, list[int]] = {v: [] for v in VARIANTS}
        for i, r in enumerate(reqs):
            order = VARIANTS[i % 3 :] + VARIANTS[: i % 3]
            for variant in order:
                seconds, size = ways[variant](r)
                times[variant].append(seconds)
                sizes[variant].append(size)
        ways["now"](reqs[0])  # leave the layers warm
        row = {v: {**summary(times[v]), "kib": statistics.fmean(sizes[v]) / 1024} for v in VARIANTS}
        row["speedup_p50"] = row["before"]["p50_ms"] / row["now"]["p50_ms"]
        row["speedup_encoding_p50"] = row["before"]["p50_ms"] / row["encoding"]["p50_ms"]
        row["bytes_ratio"] = row["now"]["kib"] / row["before"]["kib"]
        row["boards"] = len(reqs)
        result[engine] = row
    return result


async def _window(job, tick: float = 0.001) -> dict[str, Any]:
    """Run ``job`` while a ticker on the loop records how late each of its wake-ups comes."""
    lates: list[float] = []
    done = asyncio.Event()

    async def ticker() -> None:
        loop = asyncio.get_running_loop()
        while not done.is_set():
            due = loop.time() + tick
            await asyncio.sleep(tick)
            lates.append(max(0.0, loop.time() - due))

    task = asyncio.create_task(ticker())
    await asyncio.sleep(0)
    started = time.perf_counter()
    boards_drawn = await job()
    seconds = time.perf_counter() - started
    done.set()
    await task
    return {
        "boards": boards_drawn,
        "seconds": seconds,
        "boards_per_s": boards_drawn / seconds if seconds else float("nan"),
        "longest_stall_ms": max(lates, default=0.0) * 1e3,
        "p99_late_ms": summary(lates)["p99_ms"],
        "ticks": len(lates),
    }


async def loop_stalls(requests: list[dict[str, Any]], workers: int | None = None, idle_s: float = 1.0) -> dict[str, Any]:
    """The longest the loop is blocked: idle, while ``requests`` are drawn on the loop (as before issue 27), and
    while they are drawn through the worker pool."""
    from bot.games import game_ui

    async def idle() -> int:
        await asyncio.sleep(idle_s)
        return 0

    async def on_the_loop() -> int:
        for r in requests:  # what Executors._render did: the renderer called in the drain, on the loop
            boards.draw_with(game_ui(r["engine"]).board, r["view"], r["lang"], r["names"])  # type: ignore[arg-type]
            await asyncio.sleep(0)  # the drain goes on to its HTTP call
        return len(requests)

    pool = boards.Boards(workers)
    await asyncio.gather(*(pool.draw(r) for r in requests[: max(1, pool.workers) * 2]))  # started and warm

    async def through_the_pool() -> int:
        in_flight = asyncio.Semaphore(max(1, pool.workers) * 2)

        async def one(r: dict[str, Any]) -> None:
            async with in_flight:
                drawn = await pool.draw(r)
                assert drawn is not None

        await asyncio.gather(*(one(r) for r in requests))
        return len(requests)

    try:
        result = {
            "workers": pool.workers,
            "idle": await _window(idle),
            "on_loop": await _window(on_the_loop),
            "pool": await _window(through_the_pool),
        }
    finally:
        await pool.aclose()
    return result


async def run(per_game: int = 30, workers: int | None = None) -> dict[str, Any]:
    requests = sample_requests(per_game)
    mixed = [r for group in zip(*requests.values()) for r in group]  # the games in turn, as a mixed server's
    return {
        "per_game": per_game,
        "draw": draw_and_encode(requests),
        "stalls": await loop_stalls(mixed, workers),
    }


def render(b: dict[str, Any]) -> list[str]:
    names = {"ghost_at_home": "Ghost at Home", "midnighters": "Midnighters", "midnight_hunt": "Midnight Hunt"}
    out = [
        "### 2c. Board images",
        "",
        (f"The registered games' own board renderers drawing real public views ({b['per_game']} per game: random games "
        "at the benchmark sizes, cut at steps spread over each, in en/ru/cs with long and non-Latin names; "
        "`python -m bench.boards`). Each board drawn and encoded three ways, interleaved board by board: as before "
        "issue 27 (PNG `optimize` for Ghost at Home and Midnighters, zlib level 6 for Midnight Hunt, every layer "
        "drawn anew), with the new encoding alone (zlib level 1, `bot.render.PNG_OPTIONS`), and now (the new "
        "encoding and the unchanging layers drawn once, `bot.render.layer`)."),
        "",
        "| game | before p50 ms | new encoding p50 ms | now p50 ms | now p99 ms | faster (p50) | KiB before | KiB now |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for engine, row in b["draw"].items():
        out.append(
            f"| {names.get(engine, engine)} | {row['before']['p50_ms']:.1f} | {row['encoding']['p50_ms']:.1f} "
            f"| {row['now']['p50_ms']:.1f} | {row['now']['p99_ms']:.1f} | {row['speedup_p50']:.2f} × "
            f"| {row['before']['kib']:.1f} | {row['now']['kib']:.1f} |"
        )
    s = b["stalls"]
    out += [
        "",
        (f"**The event loop while boards are drawn**: the same {s['on_loop']['boards']} boards (the games in turn) "
        "drawn on the loop as the dispatcher drew them before (one after the other, in the drain), then through "
        f"`bot.boards.Boards` ({s['workers']} worker process(es), {max(1, s['workers']) * 2} boards in flight); a "
        "ticker on the loop asks to wake every millisecond and records how late it wakes."),
        "",
        "| window | boards | boards/s | longest stall ms | p99 late ms |",
        "|---|---:|---:|---:|---:|",
    ]
    for key, label in (("idle", "idle (the machine's own noise)"), ("on_loop", "drawn on the loop (before)"),
                       ("pool", "drawn by the workers (now)")):
        w = s[key]
        rate = f"{w['boards_per_s']:.1f}" if w["boards"] else "—"
        out.append(f"| {label} | {w['boards']} | {rate} | {w['longest_stall_ms']:.1f} | {w['p99_late_ms']:.2f} |")
    stall = s["pool"]["longest_stall_ms"]
    out += [
        "",
        "| target | measured | verdict |",
        "|---|---|---|",
        (f"| the loop never blocked more than {STALL_TARGET_MS:.0f} ms by a board | {stall:.1f} ms longest while the "
        f"workers drew (idle: {s['idle']['longest_stall_ms']:.1f} ms; on the loop: "
        f"{s['on_loop']['longest_stall_ms']:.1f} ms) | {'**met**' if stall <= STALL_TARGET_MS else '**not met**'} |"),
        "",
    ]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.boards", description=__doc__.splitlines()[0])
    parser.add_argument("--views", type=int, default=30, help="board views per game (default 30)")
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default: cores - 1)")
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON too")
    args = parser.parse_args(argv)
    result = asyncio.run(run(args.views, args.workers))
    print("\n".join(render(result)))
    if args.json:
        print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
