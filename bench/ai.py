"""Benchmark: the computer players of issue 31 (``python -m bench.ai [--quick] [--games N] [--write]``).

For each game with computer players (Ghost at Home 2p, Midnighters 2p, Midnight Hunt 1v1):

* **win rates**: normal against the heuristic (easy), hard against the heuristic, hard against normal, and the
  heuristic against random play, over seeded games with the seats swapped every other game; a draw counts half;
  95 % Wilson intervals;
* **CPU per decision** of each level (``time.process_time``, so a busy machine's waiting is not counted), mean and
  worst;
* **self-play games/s** (easy against easy: the playout policy's speed);
* **engine speed for search**: applies/s and legal-action listings/s over random games, and the sampling of a
  hidden state from a view (samples/s).

The done-when targets (issue 31) are reported, never asserted: normal beats easy in >= 70 % of games with the
interval's lower end >= 60 %, hard beats normal in >= 60 %, normal <= 0.5 s CPU a decision. ``--write`` puts the
table into bench/RESULTS.md between the ``ai`` markers (the rest of the file is untouched). Run it niced, one at a
time: it is CPU heavy (``--quick``, easy against random with tiny timings, is a smoke run of a few seconds; a full
run of 100 games a match takes hours of CPU).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engines import get_engine
from engines.ai import decide
from engines.core import Action
from engines.playout import random_playout

TABLES: dict[str, dict[str, Any]] = {
    "ghost_at_home": {"label": "Ghost at Home 2p", "players": 2, "options": {}},
    "midnighters": {"label": "Midnighters 2p", "players": 2, "options": {}},
    "midnight_hunt": {"label": "Midnight Hunt 1v1", "players": 2, "options": {"mode": "1v1"}},
}
PAIRS: tuple[tuple[str, str], ...] = (("normal", "easy"), ("hard", "easy"), ("hard", "normal"), ("easy", "random"))
MAX_STEPS = 4000
RESULTS = Path(__file__).with_name("RESULTS.md")
BEGIN, END = "<!-- bench.ai: begin -->", "<!-- bench.ai: end -->"


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion (draws counted as half wins)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _actor(engine: Any, state: Any) -> str | None:
    for prompt in state.prompts:
        for player in prompt.players:
            if any(a.kind not in ("leave", "surrender") for a in engine.legal_actions(state, player)):
                return player
    return None


def play(game: str, levels: Sequence[str], seed: int, cpu: dict[str, list[float]] | None = None) -> tuple[float, ...]:
    """One game with ``levels[i]`` in seat i; each seat's score (1 win, 0.5 draw, 0 loss)."""
    engine = get_engine(game)
    table = TABLES[game]
    players = [f"p{i}" for i in range(len(levels))]
    by_player = dict(zip(players, levels, strict=True))
    state, _ = engine.setup(players, table["options"], f"bench-ai/{seed}")
    chooser = random.Random(f"random-player/{seed}")
    for step in range(MAX_STEPS):
        if state.outcome is not None:
            break
        actor = _actor(engine, state)
        if actor is None:
            timed = [p for p in state.prompts if p.timeout is not None]
            state, _ = engine.apply(state, Action.timeout(timed[0].id))
            continue
        level = by_player[actor]
        if level == "random":
            action = chooser.choice([a for a in engine.legal_actions(state, actor) if a.kind not in ("leave", "surrender")])
        else:
            view = engine.view(state, actor, known=True)
            started = time.process_time()
            action = Action.from_json(decide(game, view, actor, level, seed * 10_000 + step))
            if cpu is not None:
                cpu.setdefault(level, []).append(time.process_time() - started)
        state, _ = engine.apply(state, action)
    outcome = state.outcome
    if outcome is None or outcome.draw or not outcome.winners:  # a draw, or a dream nobody woke from (MN-60)
        return tuple(0.5 for _ in players)
    return tuple(1.0 if p in outcome.winners else 0.0 for p in players)


def match(
    game: str, first: str, second: str, games: int, cpu: dict[str, list[float]], log=print, first_seed: int = 0
) -> dict[str, Any]:
    """``first`` against ``second``, seats swapped every other game (seeds ``first_seed`` on): ``first``'s score
    and its interval."""
    score, drawn = 0.0, 0
    for i in range(games):
        levels = (first, second) if i % 2 == 0 else (second, first)
        result = play(game, levels, first_seed + i, cpu)
        score += result[levels.index(first)]
        drawn += result[0] == 0.5
        so_far = ", ".join(f"{lv} {sum(v) / len(v):.3f} s x{len(v)} (worst {max(v):.2f} s)" for lv, v in sorted(cpu.items()) if v)
        log(f"      game {first_seed + i}: {dict(zip(levels, result))} (CPU a decision so far: {so_far})")
    low, high = wilson(score, games)
    row = {"game": game, "first": first, "second": second, "games": games, "first_seed": first_seed, "score": score, "rate": score / games, "low": low, "high": high, "drawn": drawn}
    log(f"    {TABLES[game]['label']}: {first} vs {second}: {score:g}/{games} = {score / games:.0%} ({low:.0%}-{high:.0%}), {drawn} drawn")
    return row


def engine_speed(game: str, seconds: float) -> dict[str, float]:
    """Applies/s, legal-action listings/s (each prompted seat's) and samples/s over random games."""
    engine = get_engine(game)
    table = TABLES[game]
    records = []
    started = time.process_time()
    while time.process_time() - started < seconds or not records:
        records.append(random_playout(engine, [f"p{i}" for i in range(table["players"])], f"speed/{len(records)}", options=table["options"], check=False).record)
    applies = listings = samples = 0
    t_apply = t_legal = t_sample = 0.0
    chooser = random.Random(0)
    for record in records:
        state, _ = engine.setup(record["players"], record["options"], record["seed"])
        for entry in record["log"]:
            action = Action.from_json(entry)
            player = state.prompts[0].players[0] if state.prompts else None
            if player is not None:
                t = time.process_time()
                engine.legal_actions(state, player)
                t_legal += time.process_time() - t
                listings += 1
                view = engine.view(state, player, known=True)
                t = time.process_time()
                engine.sample_state(view, player, chooser)
                t_sample += time.process_time() - t
                samples += 1
            t = time.process_time()
            state, _ = engine.apply(state, action)
            t_apply += time.process_time() - t
            applies += 1
    return {"applies_per_s": applies / t_apply, "legal_per_s": listings / max(t_legal, 1e-9), "samples_per_s": samples / max(t_sample, 1e-9)}


def self_play(game: str, games: int) -> float:
    """Easy against easy: games per CPU second."""
    started = time.process_time()
    for i in range(games):
        play(game, ("easy",) * TABLES[game]["players"], 100_000 + i)
    return games / (time.process_time() - started)


def run(
    games: int, speed_seconds: float, pairs: Sequence[tuple[str, str]] = PAIRS, only: Sequence[str] = (), log=print,
    first_seed: int = 0,
) -> dict[str, Any]:
    results: dict[str, Any] = {"games": games, "rows": [], "cpu": {}, "speed": {}, "self_play": {}}
    for game in TABLES:
        if only and game not in only:
            continue
        log(f"{TABLES[game]['label']}")
        cpu: dict[str, list[float]] = {}
        if speed_seconds > 0:
            results["speed"][game] = engine_speed(game, speed_seconds)
            results["self_play"][game] = self_play(game, max(2, games // 4))
        for first, second in pairs:
            n = games if "hard" not in (first, second) else max(2, games // 2)
            results["rows"].append(match(game, first, second, n, cpu, log, first_seed))
        results["cpu"][game] = {level: {"mean": sum(v) / len(v), "max": max(v), "decisions": len(v)} for level, v in cpu.items()}
    return results


def render(results: dict[str, Any], machine: str = "") -> str:
    lines = [BEGIN, "", "## Computer players (issue 31): `python -m bench.ai`", ""]
    if machine:
        lines += [machine, ""]
    lines += [
        "Win rates over seeded games, seats swapped every other game, a draw counted half; 95 % Wilson intervals.",
        "Targets (issue 31): normal vs easy >= 70 % with the interval's lower end >= 60 %; hard vs normal >= 60 %;",
        "normal <= 0.5 s CPU a decision.",
        "",
        "| game | match | games | score | 95 % interval | drawn or nobody won |",
        "|---|---|---|---|---|---|",
    ]
    for row in results["rows"]:
        label = TABLES[row["game"]]["label"]
        lines.append(
            f"| {label} | {row['first']} vs {row['second']} | {row['games']} | {row['rate']:.0%} | {row['low']:.0%}–{row['high']:.0%} | {row.get('drawn', 0)} |"
        )
    lines += ["", "| game | level | CPU per decision, mean | worst | decisions |", "|---|---|---|---|---|"]
    for game, levels in results["cpu"].items():
        for level in ("easy", "normal", "hard"):
            if level in levels:
                c = levels[level]
                lines.append(f"| {TABLES[game]['label']} | {level} | {c['mean'] * 1000:.1f} ms | {c['max'] * 1000:.0f} ms | {c['decisions']} |")
    lines += ["", "| game | applies/s | legal-action lists/s | hidden-state samples/s | self-play games/s (easy vs easy) |", "|---|---|---|---|---|"]
    for game, s in results["speed"].items():
        lines.append(
            f"| {TABLES[game]['label']} | {s['applies_per_s']:,.0f} | {s['legal_per_s']:,.0f} | {s['samples_per_s']:,.0f} | {results['self_play'][game]:.1f} |"
        )
    lines += ["", END]
    return "\n".join(lines) + "\n"


def write(text: str, path: Path = RESULTS) -> None:
    """Replace the ``bench.ai`` section of RESULTS.md (or add it at the end)."""
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    if BEGIN in old and END in old:
        head, rest = old.split(BEGIN, 1)
        tail = rest.split(END, 1)[1].lstrip("\n")
        new = head + text + ("\n" + tail if tail else "")
    else:
        new = old.rstrip("\n") + "\n\n" + text
    path.write_text(new, encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: easy vs random, 2 games, tiny timings")
    parser.add_argument("--games", type=int, default=100, help="games per match (hard's matches play half)")
    parser.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    parser.add_argument("--pair", action="append", default=[], help="only this match, e.g. normal:easy (repeatable)")
    parser.add_argument("--write", action="store_true", help="put the table into bench/RESULTS.md")
    parser.add_argument("--json", help="also keep the raw figures in this file")
    parser.add_argument("--first-seed", type=int, default=0, help="seed of the first game (a fresh range for a new run)")
    parser.add_argument("--no-speed", action="store_true", help="skip the engine speed and self-play figures")
    args = parser.parse_args(argv)
    games = 2 if args.quick else args.games
    pairs = [tuple(p.split(":")) for p in args.pair] or ((("easy", "random"),) if args.quick else PAIRS)
    results = run(games, 0 if args.no_speed else 0.05 if args.quick else 2.0, pairs, args.game, log=lambda m: print(m, file=sys.stderr), first_seed=args.first_seed)
    import os
    import platform

    machine = f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores (shared), Python {platform.python_version()}, {time.strftime('%Y-%m-%d')}"
    text = render(results, machine)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1), encoding="utf-8")
    if args.write and not args.quick:
        write(text)
    print(text)


if __name__ == "__main__":
    main()
