"""Run every benchmark and write ``bench/RESULTS.md``: ``.venv/bin/python -m bench [--quick] [--out FILE]``.

``--quick`` shrinks every size (a smoke run: its ratios are noisy and its file is not the record). It still takes
about ten minutes of wall-clock time, under three of CPU: the Discord traffic section plays whole games against the
fake server at a click a second, as its figures are reckoned at a human pace. See bench/README.md for what each
benchmark measures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path

from bench import boards, click_http, common, engines_speed, memory, persist, restart, scale, stats, traffic
from bench.report import render

FULL = {"engine_seconds": 3.0, "corpus": 30, "persist_games": 1000, "unloaded": 3000, "saturated_s": 20.0, "realistic_s": 20.0,
        "restart_games": 10_000, "memory_games": 500, "traffic": True, "stats_games": 100_000, "stats_big": 20_000,
        "storm_deadlines": 3000, "churn_games": 10_000, "churn_first": 1_000, "churn_budget_s": 600.0, "scale_games": 300, "scale_s": 10.0, "scale_rounds": 3, "board_views": 30,
        "http_clicks": 200, "http_pause": 0.2, "http_repeats": 2}
QUICK = {"engine_seconds": 0.3, "corpus": 3, "persist_games": 100, "unloaded": 300, "saturated_s": 2.0, "realistic_s": 2.0,
         "restart_games": 300, "memory_games": 50, "traffic": True, "stats_games": 2_000, "stats_big": 400,
         "storm_deadlines": 300, "churn_games": 200, "churn_first": 20, "churn_budget_s": None, "scale_games": 40, "scale_s": 1.0, "scale_rounds": 1, "board_views": 3,
         "http_clicks": 10, "http_pause": 0.0, "http_repeats": 1}


async def run_all(sizes: dict, workdir: Path, log=print) -> dict:
    results: dict = {"machine": common.machine(), "sizes": sizes}
    started = time.perf_counter()
    log("1/6 engines: random games and replay")
    results["engines"] = engines_speed.run(sizes["engine_seconds"])
    log("    corpus of live games")
    corpora = {name: common.play_corpus(name, sizes["corpus"]) for name in common.TYPICAL_SIZES}
    log("2/6 persisted actions through the runtime")
    results["persist"] = await persist.run(
        workdir, corpora, games=sizes["persist_games"], unloaded_actions=sizes["unloaded"], seconds=sizes["saturated_s"],
        realistic_s=sizes["realistic_s"],
    )
    if scale.reachable():
        log("    two processes on PostgreSQL")
        results["scale"] = await asyncio.to_thread(
            scale.run, games=sizes["scale_games"], seconds=sizes["scale_s"], rounds=sizes["scale_rounds"], log=log
        )
    log("    board images: drawn and encoded, and the loop while they are drawn")
    results["boards"] = await boards.run(per_game=sizes["board_views"])
    log("    click-to-answer over HTTP against a trivial discord.py bot")
    results["click_http"] = await click_http.run(
        workdir, clicks=sizes["http_clicks"], pause=sizes["http_pause"], repeats=sizes["http_repeats"]
    )
    log("3/6 restart")
    results["restart"] = await restart.run(workdir, corpora, games=sizes["restart_games"])
    log("    restart storm: every deadline overdue")
    results["storm"] = await restart.run_storm(workdir, corpora, deadlines=sizes["storm_deadlines"])
    log("4/6 Discord traffic (the bot against the fake server)")
    results["traffic"] = await traffic.run_both(workdir) if sizes["traffic"] else None
    log("5/6 memory per live game")
    results["memory"] = await memory.run(workdir, corpora, per_engine=sizes["memory_games"])
    log("    memory after many games played to their end")
    results["churn"] = await asyncio.to_thread(
        memory.run_churn_fresh, workdir, games=sizes["churn_games"], first=sizes["churn_first"], budget_s=sizes["churn_budget_s"],
        log=log,
    )
    log("6/6 stats and history on many finished games")
    results["stats"] = await stats.run(workdir, games=sizes["stats_games"], big=sizes["stats_big"])
    results["seconds"] = time.perf_counter() - started
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="tiny sizes (smoke run; about ten minutes, most of it the paced traffic games)"
    )
    parser.add_argument("--out", type=Path, help="where to write the table (default: bench/RESULTS.md; --quick: none)")
    parser.add_argument("--json", type=Path, help="also dump the raw figures as JSON")
    args = parser.parse_args(argv)
    sizes = QUICK if args.quick else FULL
    with tempfile.TemporaryDirectory(prefix="nocturne-bench-") as tmp:
        results = asyncio.run(run_all(sizes, Path(tmp), log=lambda m: print(m, file=sys.stderr, flush=True)))
    text = render(results, quick=args.quick)
    out = args.out or (None if args.quick else Path(__file__).with_name("RESULTS.md"))
    if out:
        out.write_text(text)
        print(f"wrote {out}", file=sys.stderr)
    else:
        print(text)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
