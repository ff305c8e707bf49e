"""Benchmark 2d: click-to-answer over HTTP, the real bot against a trivial discord.py bot on the same fake server.

Both bots run as subprocesses against one fake Discord server (``tests.fakediscord``) in this process: the real bot
(``python -m bot``, as ``tests.e2e.harness.BotProcess`` starts it) and :mod:`bench.trivial_bot`, a plain
``discord.Client`` with one button answered by a type-7 update at once. The trivial bot identifies as shard 1 of 2
and the real bot unsharded (shard 0), and this module's server delivers every interaction to shard 0 unless told
otherwise, so each click reaches exactly the bot it is meant for.

A seeded game of each measured game is played as its end-to-end test plays it (its table class, players, seed), as
fast as the bot answers, with ``pause`` seconds between clicks; after every game click answered, one click on the
trivial bot's button: the two are interleaved click by click, on the same server, under the same load. The figure
for each click is the fake server's own: from the interaction created (just before it is sent down the gateway) to
its first callback (``InteractionRecord.acked_after``), which is what Discord's 3 s budget counts and what the
player waits for. Game clicks are the players' in-game controls (vote, play, pick); lobby clicks are left out.

``python -m bench.click_http`` runs it alone; ``--rounds N`` repeats the whole measurement N times and prints each
round's ratios and their median, so one run shows the spread.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from bench.common import summary
from tests.e2e.harness import GAME_TAGS, ROOT, BotProcess, prompt_of
from tests.fakediscord import FakeDiscord

#: Games measured by default: Night Watch (votes and night picks, no board) and Ghost at Home (plays, a board each).
GAMES = ("night_watch", "ghost_at_home")


class TwoBotServer(FakeDiscord):
    """The fake server with two bots on one token: an interaction goes to shard 0 (the real bot) unless a shard is
    named (the trivial bot is shard 1). Discord would route by guild; here the bench chooses who answers."""

    async def _deliver(self, rec: Any, shard: int | None = None) -> int:
        return await super()._deliver(rec, 0 if shard is None else shard)


class TrivialBot:
    """:mod:`bench.trivial_bot` as a subprocess, and clicks on its button."""

    def __init__(self, server: FakeDiscord, log_path: Path, user: int) -> None:
        self.server = server
        self.log_path = log_path
        self.user = user
        self.proc: subprocess.Popen[bytes] | None = None
        self.message_id: int | None = None

    async def start(self) -> None:
        from bench.trivial_bot import CUSTOM_ID

        channel = self.server.channel_id("general")
        env = {**os.environ, **self.server.env(), "BENCH_CHANNEL": str(channel), "PYTHONPATH": str(ROOT)}
        log = open(self.log_path, "ab")  # noqa: SIM115 - the child owns it
        self.proc = subprocess.Popen([sys.executable, "-m", "bench.trivial_bot"], cwd=ROOT, env=env, stdout=log, stderr=log)

        def posted(s: FakeDiscord) -> dict | None:
            return next(
                (m for m in s.messages(channel) if any(c.get("custom_id") == CUSTOM_ID for row in m.get("components") or [] for c in row.get("components", []))),
                None,
            )

        message = await self.server.wait_for(posted, timeout=60, what="the trivial bot's button")
        self.message_id = int(message["id"])

    async def click(self) -> float:
        from bench.trivial_bot import CUSTOM_ID

        assert self.message_id is not None
        iid = await self.server.click(self.user, self.message_id, CUSTOM_ID, shard=1)
        rec = await self.server.wait_for_response(iid, timeout=30)
        assert rec.callback_type == 7, rec.responses
        return float(rec.acked_after)

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            self.proc = None


def _measuring(table_cls: type, trivial: TrivialBot, samples: dict[str, list[float]], pause: float) -> type:
    """``table_cls`` whose every answered click is sorted (game click or not) and followed by a trivial-bot click."""

    class Measured(table_cls):  # type: ignore[misc, valid-type]
        async def interact(self, coro: Any) -> Any:
            rec = await super().interact(coro)
            custom_id = str((rec.payload.get("data") or {}).get("custom_id") or "")
            if rec.type == 3 and custom_id.startswith(GAME_TAGS) and rec.acked_after is not None:
                samples["bot"].append(float(rec.acked_after))
                samples[f"bot:{prompt_of(custom_id).split('#')[0]}"].append(float(rec.acked_after))
                samples[f"callback:{rec.callback_type}"].append(1.0)
                if pause:
                    await asyncio.sleep(pause)  # the click's deliveries go out, as between two people's clicks
                samples["trivial"].append(await trivial.click())
                if pause:
                    await asyncio.sleep(pause)
            return rec

    return Measured


async def run_game(workdir: Path, game: str, *, clicks: int = 200, pause: float = 0.0) -> dict[str, Any]:
    """One seeded game of ``game`` (at most ``clicks`` game clicks), each game click followed by a trivial click."""
    from bench.traffic import _game_specs

    spec = _game_specs()[game]
    names = spec["names"]
    server = TwoBotServer(guild_name="Bench", users=[*names, "Watcher"], text_channels=["general"])
    await server.start()
    db_path = workdir / f"click-http-{game}.sqlite3"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db_path}{suffix}").unlink(missing_ok=True)
    bot = BotProcess(server, db_path, spec["seed"], time_scale=spec.get("time_scale", 1.0))
    trivial = TrivialBot(server, db_path.with_suffix(".trivial.log"), server.user_id("Watcher"))
    samples: dict[str, list[float]] = defaultdict(list)
    started = time.monotonic()
    try:
        await bot.start()
        await trivial.start()
        players = [server.user_id(n) for n in names]
        table = spec["table"](server, bot, players)
        table.__class__ = _measuring(type(table), trivial, samples, pause)
        lobby = await table.open_lobby()
        if spec.get("options"):
            await table.set_options(lobby, spec["options"])
        await table.seat_everyone_and_start(lobby)
        while len(samples["bot"]) < clicks:
            if not await table.step():
                break
        finished = bool(table.game_over())
    finally:
        trivial.stop()
        await bot.stop()
        await server.stop()
    return {"game": game, "finished": finished, "wall_s": time.monotonic() - started, "samples": dict(samples)}


def _figures(samples: dict[str, list[float]]) -> dict[str, Any]:
    bot, trivial = summary(samples.get("bot", [])), summary(samples.get("trivial", []))
    out: dict[str, Any] = {"bot": bot, "trivial": trivial}
    if bot["n"] and trivial["n"]:
        out["ratio_p50"] = bot["p50_ms"] / trivial["p50_ms"]
        out["ratio_p99"] = bot["p99_ms"] / trivial["p99_ms"]
    out["callback_types"] = {int(k.split(":")[1]): len(v) for k, v in sorted(samples.items()) if k.startswith("callback:")}
    out["by_prompt"] = {k.split(":", 1)[1]: summary(v) for k, v in sorted(samples.items()) if k.startswith("bot:")}
    return out


async def run(
    workdir: Path, *, games: tuple[str, ...] = GAMES, clicks: int = 200, pause: float = 0.2, repeats: int = 1
) -> dict[str, Any]:
    """Each of ``games`` played ``repeats`` times (a fresh bot and server each time), interleaved click by click with
    the trivial bot; figures per game and overall."""
    rows = []
    everything: dict[str, list[float]] = defaultdict(list)
    by_game: dict[str, dict[str, list[float]]] = {}
    for game in games:
        samples: dict[str, list[float]] = defaultdict(list)
        finished, wall = True, 0.0
        for _ in range(repeats):
            played = await run_game(workdir, game, clicks=clicks, pause=pause)
            finished, wall = finished and played["finished"], wall + played["wall_s"]
            for key, values in played["samples"].items():
                samples[key] += values
        rows.append({"game": game, "finished": finished, "wall_s": wall, **_figures(samples)})
        by_game[game] = dict(samples)
        for key, values in samples.items():
            if not key.startswith("bot:"):
                everything[key] += values
    return {"games": rows, "all": _figures(everything), "pause": pause, "clicks": clicks, "repeats": repeats, "samples": by_game}


def _ms(s: dict[str, Any], key: str) -> str:
    return f"{s[key + '_ms']:.1f}" if s.get("n") else "—"


def render(result: dict[str, Any]) -> list[str]:
    overall = result["all"]
    out = [
        "### 2d. Click-to-answer over HTTP, against a trivial discord.py bot",
        "",
        "The real bot (`python -m bot`, its registered game UIs, boards drawn in its worker pool) and a trivial "
        "discord.py bot (`bench/trivial_bot.py`: one button answered at once by a type-7 update) run as two "
        "subprocesses against the same fake Discord server; a seeded game of each game below is played as its "
        "end-to-end test plays it, and after every game click the trivial bot's button is clicked: interleaved click "
        f"by click, {result['pause']:g} s apart; each game played {result.get('repeats', 1)} time(s), at most {result['clicks']} game clicks each. Each click is timed by the fake server, from the interaction sent down "
        "the gateway to its first callback received (`python -m bench.click_http`).",
        "",
        "| game | clicks | bot p50 ms | bot p99 ms | trivial p50 ms | trivial p99 ms | p50 ratio | p99 ratio |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in [*result["games"], {"game": "**all**", "finished": True, **overall}]:
        bot, trivial = row["bot"], row["trivial"]
        ratio50 = f"{row['ratio_p50']:.2f} ×" if "ratio_p50" in row else "—"
        ratio99 = f"{row['ratio_p99']:.2f} ×" if "ratio_p99" in row else "—"
        name = row["game"] + ("" if row["finished"] else " (cut short)")
        out.append(
            f"| {name} | {bot['n']} | {_ms(bot, 'p50')} | {_ms(bot, 'p99')} | {_ms(trivial, 'p50')} | {_ms(trivial, 'p99')} | {ratio50} | {ratio99} |"
        )
    out.append("")
    kinds = [f"{game['game']} {kind} {_ms(s, 'p50')} / {_ms(s, 'p99')} ms (n={s['n']})" for game in result["games"] for kind, s in game["by_prompt"].items()]
    if kinds:
        out += ["By prompt (p50 / p99): " + "; ".join(kinds) + ".", ""]
    types = overall.get("callback_types") or {}
    if types:
        named = {4: "a message", 5: "a deferred message", 6: "a deferred update", 7: "an update of the clicked message", 9: "a modal"}
        out += [
            "The bot's first callback to its game clicks: "
            + ", ".join(f"{named.get(int(t), 'another')} (type {t}) × {n}" for t, n in types.items())
            + "; the trivial bot's is always an update (type 7).",
            "",
        ]
    judged = [row for row in result["games"] if "ratio_p50" in row]
    if judged:
        def verdict(ratio: float) -> str:
            return f"**{ratio:.2f} ×** ({'met' if ratio <= 2 else 'not met'})"

        out += [
            "Target: click-to-answer ≤ 2 × the trivial bot's, each game's clicks against the trivial clicks interleaved "
            "with them: "
            + "; ".join(f"{row['game']} {verdict(row['ratio_p50'])} at p50, {verdict(row['ratio_p99'])} at p99" for row in judged)
            + ".",
            "",
        ]
    return out


async def run_rounds(workdir: Path, rounds: int, **kwargs: Any) -> list[dict[str, Any]]:
    """:func:`run` ``rounds`` times over, each round a whole measurement of its own (fresh bots and server): the
    spread between rounds is what one figure alone hides on a machine others share."""
    return [await run(workdir, **kwargs) for _ in range(rounds)]


def render_rounds(results: list[dict[str, Any]]) -> list[str]:
    """Each round's ratios, one line a round, then the median over the rounds of each game's figures and ratios."""
    out = ["Each round (bot / trivial, p50 and p99):", ""]
    for i, result in enumerate(results, 1):
        parts = [
            f"{row['game']} p50 {_ratio(row, 'ratio_p50')} ({_ms(row['bot'], 'p50')} / {_ms(row['trivial'], 'p50')} ms), "
            f"p99 {_ratio(row, 'ratio_p99')} ({_ms(row['bot'], 'p99')} / {_ms(row['trivial'], 'p99')} ms)"
            for row in result["games"]
        ]
        out.append(f"- round {i}: " + "; ".join(parts))
    out += [
        "",
        f"Median of {len(results)} round(s):",
        "",
        "| game | bot p50 ms | bot p99 ms | trivial p50 ms | trivial p99 ms | p50 ratio (min-max) | p99 ratio (min-max) |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    verdicts = []
    for game in [row["game"] for row in results[0]["games"]]:
        rows = [row for result in results for row in result["games"] if row["game"] == game]

        def med(values: list[float]) -> float:
            values = [v for v in values if v == v]  # NaN: a round in which nothing was measured
            return statistics.median(values) if values else float("nan")

        figures = {f"{who}_{q}": med([row[who][f"{q}_ms"] for row in rows]) for who in ("bot", "trivial") for q in ("p50", "p99")}
        spread = {}
        for key in ("ratio_p50", "ratio_p99"):
            values = [row[key] for row in rows if key in row]
            spread[key] = (med(values), min(values), max(values)) if values else None
        cells = [f"{figures[k]:.1f}" for k in ("bot_p50", "bot_p99", "trivial_p50", "trivial_p99")]
        ratios = [f"{spread[k][0]:.2f} × ({spread[k][1]:.2f}-{spread[k][2]:.2f})" if spread[k] else "—" for k in ("ratio_p50", "ratio_p99")]
        out.append(f"| {game} | " + " | ".join(cells + ratios) + " |")
        if spread["ratio_p50"] and spread["ratio_p99"]:
            verdicts.append(
                f"{game} {spread['ratio_p50'][0]:.2f} × at p50 ({'met' if spread['ratio_p50'][0] <= 2 else 'not met'}), "
                f"{spread['ratio_p99'][0]:.2f} × at p99 ({'met' if spread['ratio_p99'][0] <= 2 else 'not met'})"
            )
    out.append("")
    if verdicts:
        out += ["Target ≤ 2 ×, on the median of the rounds' ratios: " + "; ".join(verdicts) + ".", ""]
    return out


def _ratio(row: dict[str, Any], key: str) -> str:
    return f"{row[key]:.2f} ×" if key in row else "—"


async def main(argv: list[str] | None = None) -> None:
    import argparse
    import tempfile

    parser = argparse.ArgumentParser(prog="python -m bench.click_http", description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=1, help="repeat the whole measurement N times and print each round's ratios and their median (default 1)")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    with tempfile.TemporaryDirectory() as tmp:
        results = []
        for i in range(args.rounds):
            results.append(await run(Path(tmp)))
            if args.rounds > 1:
                print(f"round {i + 1}/{args.rounds}: " + "; ".join(f"{row['game']} p50 {_ratio(row, 'ratio_p50')}, p99 {_ratio(row, 'ratio_p99')}" for row in results[-1]["games"]), flush=True)
    print("\n".join(render(results[0] if len(results) == 1 else _pooled(results))))
    if len(results) > 1:
        print("\n".join(render_rounds(results)))


def _pooled(results: list[dict[str, Any]]) -> dict[str, Any]:
    """The rounds' clicks as one sample (the table :func:`render` draws), alongside each round's own ratios."""
    rows = []
    for game in [row["game"] for row in results[0]["games"]]:
        samples: dict[str, list[float]] = defaultdict(list)
        for result in results:
            for key, values in result["samples"][game].items():
                samples[key] += values
        finished = all(row["finished"] for result in results for row in result["games"] if row["game"] == game)
        wall = sum(row["wall_s"] for result in results for row in result["games"] if row["game"] == game)
        rows.append({"game": game, "finished": finished, "wall_s": wall, **_figures(samples)})
    everything: dict[str, list[float]] = defaultdict(list)
    for result in results:
        for samples in result["samples"].values():
            for key, values in samples.items():
                if not key.startswith("bot:"):
                    everything[key] += values
    first = results[0]
    return {"games": rows, "all": _figures(everything), "pause": first["pause"], "clicks": first["clicks"], "repeats": first["repeats"] * len(results)}


if __name__ == "__main__":
    asyncio.run(main())
