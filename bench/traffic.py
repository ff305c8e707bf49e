"""Benchmark 4: Discord traffic of a 25-player Night Watch day and night, and of a whole game of every game
(:func:`run_games`, against the minimum its rules force, see bench/README.md), counted by the fake Discord server.

The real bot runs as a subprocess (``tests.e2e.harness.BotProcess``) against the fake server, and
``NightWatchTable`` plays as the players would: in the *paced* run a click every second (people at a table), in
the *unpaced* one as fast as the bot answers (the worst case for the per-channel rate). Every REST call the bot
makes is in ``server.requests``; this module stamps each with the time it arrived (the fake server does not), by
swapping the list for one that records ``time.monotonic()`` on append.

Calls are cut into windows at phase changes, as the bot stored them: the game's newest open prompt is the one with
the highest serial among its deadlines (every Night Watch phase is timed). A window starts once a phase's prompt is
stored and the bot's outbox is empty, and ends the same way for the next phase, so a window holds: the players'
clicks and their interaction responses, the live edits, the closing of the phase, and the announcements and
prompts that open the next one. The minimum the rules need for each window is derived in :func:`minimum`
(documented in RESULTS.md).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections import Counter
from pathlib import Path
from typing import Any

from engines import get_engine
from engines.core import Action
from engines.night_watch.roles import NIGHT_WATCH, TASKS
from tests.e2e.harness import BotProcess, GameTable, NightWatchTable
from tests.fakediscord import FakeDiscord

PLAYERS = 25
SEED = "bench-traffic-1"
RATE_WINDOW_S = 5.0
RATE_LIMIT = 5


class TimedRequests(list):
    """``server.requests`` with the arrival time of each call alongside (``times[i]`` for ``self[i]``)."""

    def __init__(self) -> None:
        super().__init__()
        self.times: list[float] = []

    def append(self, item: Any) -> None:
        self.times.append(time.monotonic())
        super().append(item)


def kind(request: Any) -> str:
    """A short name for a call: what it did, for the breakdown."""
    route = request.route
    if route.startswith("/interactions/"):
        content = str(((request.json or {}).get("data") or {}).get("content") or "")
        return "refused click (stale)" if content.startswith("⚠️") else "interaction response"
    if route.startswith("/webhooks/"):
        return "interaction followup"
    if route == "/channels/{channel_id}/messages" and request.method == "POST":
        return "post message"
    if route == "/channels/{channel_id}/messages/{message_id}" and request.method == "PATCH":
        return "edit message"
    if route == "/users/@me/channels":
        return "open DM channel"
    if "thread-members" in route:
        return "thread member"
    if "/roles" in route or "/permissions/" in route:
        return "mute (role/permission)"
    return f"{request.method} {route}"


def newest_prompt(db_path: Path) -> str | None:
    """The prompt the game is on, as the bot stored it: the open deadline with the highest prompt serial."""
    try:
        with sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=5) as db:
            prompts = [p for (p,) in db.execute("SELECT prompt_id FROM deadlines WHERE prompt_id LIKE '%#%'")]
    except sqlite3.OperationalError:
        return None
    return max(prompts, key=lambda p: int(p.rsplit("#", 1)[1]), default=None)


def outbox_empty(db_path: Path) -> bool:
    try:
        with sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=5) as db:
            return db.execute("SELECT count(*) FROM outbox WHERE sent = 0").fetchone()[0] == 0
    except sqlite3.OperationalError:
        return False


def max_in_window(times: list[float], window: float) -> int:
    """The most events within any ``window`` seconds."""
    best, lo = 0, 0
    for hi, t in enumerate(times):
        while t - times[lo] > window:
            lo += 1
        best = max(best, hi - lo + 1)
    return best


def minimum(phase: str, opened: Any, after: Any, eliminated_before: int) -> dict[str, int]:
    """The fewest REST calls the rules allow for one window (see the module docstring and RESULTS.md).

    ``opened`` is the game's state when the phase opened, ``after`` when the next one opened. Every click is an
    interaction, and Discord demands one response to each: 1 call per click. That response can itself carry the
    updated public message (type 7, UPDATE_MESSAGE), so live counts and tallies cost nothing more, and the last
    click's update also takes the controls off.

    * discussion (NW-9): floor(n/2)+1 "ready" clicks; then the vote message (NW-10): 1 post;
    * vote (NW-10, NW-11): one vote per living player; then one public post with the jailing, the revealed role
      and "night falls" (NW-8, NW-11); the jailed player is muted in the game thread (NW-20): 1 role assignment,
      plus creating the role and its thread permission at the game's first elimination (2); a jailed Watch member
      leaves the Watch thread (1); the night prompts (NW-12): 1 DM per living power holder (their DM channels were
      opened for the role DMs at the start);
    * night (NW-12 .. NW-19): one click per task (Wells has two); each Watch proposal posted in the Watch thread at
      once (NW-13); check results answered in the click's own response; then dawn and the next discussion as one
      post (NW-7, NW-8, NW-9); each of the dead muted (1 each) and dead Watch members taken out of its thread.
    """
    out = set(opened.alive) - set(after.alive)
    watch_out = sum(1 for p in out if opened.roles[p] in NIGHT_WATCH)
    mutes = len(out) + (2 if out and not eliminated_before else 0)
    if phase == "discussion":
        return {"interaction response": len(opened.alive) // 2 + 1, "post message": 1}
    if phase == "vote":
        actors = len(after.prompts[0].players) if after.prompts else 0
        need = {"interaction response": len(opened.alive), "post message": 1 + actors}
    else:
        tasks = sum(len(TASKS.get(opened.roles[p], ())) for p in opened.prompts[0].players)
        watch = sum(1 for p in opened.prompts[0].players if opened.roles[p] in NIGHT_WATCH)
        need = {"interaction response": tasks, "post message": watch + 1}
    if mutes:
        need["mute (role/permission)"] = mutes
    if watch_out:
        need["thread member"] = watch_out
    return need


def states_by_prompt(db_path: Path) -> dict[str, Any]:
    """Replay the game from the bot's database: the state at the moment each prompt opened, by prompt id."""
    with sqlite3.connect(f"file:{db_path}?mode=ro", uri=True) as db:
        gid, seed, seats, options = db.execute("SELECT id, seed, seats, options FROM games ORDER BY id LIMIT 1").fetchone()
        log = [json.loads(a) for (a,) in db.execute("SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (gid,))]
    engine = get_engine("night_watch")
    state, _ = engine.setup(json.loads(seats), json.loads(options), seed)
    found = {p.id: state for p in state.prompts}
    for entry in log:
        state, _ = engine.apply(state, Action.from_json(entry))
        for prompt in state.prompts:
            found.setdefault(prompt.id, state)
    return found


async def run(workdir: Path, *, paced: float | None = None) -> dict[str, Any]:
    """One day and night; ``paced``: seconds between two clicks (``None``: as fast as the bot answers)."""
    names = [f"Player{i:02d}" for i in range(PLAYERS)]
    server = FakeDiscord(guild_name="Bench", users=names, text_channels=["general"])
    server.requests = TimedRequests()
    await server.start()
    db_path = workdir / f"traffic-{'paced' if paced else 'unpaced'}.sqlite3"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db_path}{suffix}").unlink(missing_ok=True)
    bot = BotProcess(server, db_path, SEED)
    windows: list[dict[str, Any]] = []
    try:
        await bot.start()
        table = NightWatchTable(server, bot, [server.user_id(n) for n in names])
        lobby = await table.open_lobby()
        cut = len(server.requests)
        await table.seat_everyone_and_start(lobby, pause=paced or 0.0)
        label, discussions = "start", 0
        for _ in range(400):
            prompt = newest_prompt(db_path)
            if prompt is not None and prompt != label:
                await server.wait_for(lambda s: outbox_empty(db_path), timeout=60, what="the outbox drained")
                await asyncio.sleep(0.3)  # the last interaction responses are in flight after the outbox
                windows.append({"prompt": label, "requests": list(server.requests[cut:])})
                cut = len(server.requests)
                label = prompt
                discussions += label.startswith("discussion")
                if discussions == 2:
                    break
                continue  # look at the new phase's controls before the first click in it
            if not await table.step():
                break
            if paced:
                await asyncio.sleep(paced)
        all_posts: dict[str, list[float]] = {}
        for req, at in zip(server.requests, server.requests.times):
            if kind(req) == "post message":
                all_posts.setdefault(req.path, []).append(at)
        rate = {path: max_in_window(times, RATE_WINDOW_S) for path, times in all_posts.items()}
        # Discord's 50 a second per bot leaves interaction responses out (they have limits of their own)
        counted = [(at, kind(req)) for req, at in zip(server.requests, server.requests.times) if not req.route.startswith("/interactions/")]
        per_second = max_in_window([at for at, _ in counted], 1.0)
        busiest = _busiest_second(counted)
        channel_names = {str(table.channel): "#general", **{str(t["id"]): f"thread '{t['name']}'" for t in server.threads(table.channel)}}
    finally:
        await bot.stop()
        await server.stop()
    states = states_by_prompt(db_path)
    result = []
    eliminated = 0
    for index, window in enumerate(windows):
        counts = Counter(kind(r) for r in window["requests"])
        prompt = window["prompt"]
        phase = prompt.split("#")[0]
        need: dict[str, int] = {}
        if prompt in states:
            nxt = windows[index + 1]["prompt"] if index + 1 < len(windows) else label
            opened, after = states[prompt], states[nxt]
            need = minimum(phase, opened, after, eliminated)
            eliminated += len(set(opened.alive) - set(after.alive))
        detail = [f"{kind(r)} {r.path} {_said(r)}" for r in window["requests"]]
        result.append({"phase": phase, "prompt": prompt, "calls": sum(counts.values()), "breakdown": dict(counts), "minimum": need, "detail": detail})
    worst = max(rate.values()) if rate else 0
    return {
        "players": PLAYERS,
        "paced": paced,
        "windows": result,
        "max_posts_in_5s_per_channel": worst,
        "worst_channel": _channel_name(max(rate, key=rate.get), channel_names) if rate else None,
        "channels_over_limit": sum(1 for v in rate.values() if v > RATE_LIMIT),
        "max_requests_in_1s": per_second,
        "busiest_second": busiest,
    }


def _busiest_second(calls: list[tuple[float, str]]) -> dict[str, int]:
    """What the bot sent in its busiest second (interaction responses aside), by kind."""
    best: tuple[int, int] = (0, 0)
    lo = 0
    for hi, (at, _) in enumerate(calls):
        while at - calls[lo][0] > 1.0:
            lo += 1
        if hi - lo + 1 > best[1] - best[0]:
            best = (lo, hi + 1)
    return dict(Counter(k for _, k in calls[best[0] : best[1]]))


async def run_both(workdir: Path) -> dict[str, Any]:
    """The paced run (the target's measure) and the unpaced one (the per-channel rate's worst case)."""
    return {"paced": await run(workdir, paced=1.0), "unpaced": await run(workdir), "games": await run_games(workdir)}


async def main() -> None:
    import sys
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        result = await run_both(Path(tmp))
    from bench.report import _traffic

    print(json.dumps(result, indent=1), file=sys.stderr)
    print("\n".join(_traffic(result)))


def _said(request: Any) -> str:
    """The start of what a call said, for the raw detail kept with a run."""
    body = request.json or {}
    data = body.get("data") if isinstance(body.get("data"), dict) else body
    return str(data.get("content") or "")[:60].replace("\n", " | ")


def _channel_name(path: str, names: dict[str, str]) -> str:
    channel = path.split("/")[2]
    return names.get(channel, f"DM channel {channel}")


if __name__ == "__main__":
    asyncio.run(main())


# -- a whole game of every game, against the minimum its rules force -------------------------------------------------

#: Seconds between two clicks at a table of people (reading, deciding): the pace "games per token" is reckoned at.
HUMAN_PACE_S = 3.0
#: Discord's global budget: REST calls a second per bot, interaction responses aside.
BUDGET_PER_S = 50


def _game_specs() -> dict[str, dict[str, Any]]:
    """Each game as its end-to-end test plays it: the table that plays it (a policy that reads only what a player
    is shown), its players, seed, options and game-time scale."""
    from tests.e2e import test_ghost_at_home_e2e as gh
    from tests.e2e import test_kdyz_snim_e2e as ks
    from tests.e2e import test_midnight_hunt_e2e as mh
    from tests.e2e import test_midnighters_e2e as mn
    from tests.e2e import test_night_watch_e2e as nw

    return {
        "night_watch": {"names": nw.NAMES[:8], "seed": nw.SEED, "table": lambda s, b, p: NightWatchTable(s, b, p)},
        "ghost_at_home": {"names": ["Ada", "Boris", "Cleo", "Dmitri"], "seed": gh.SEED4, "table": lambda s, b, p: GameTable(s, b, p, "ghost_at_home")},
        "midnighters": {"names": mn.NAMES, "seed": mn.SEED, "options": mn.OPTIONS, "table": lambda s, b, p: mn.MidnightTable(s, b, p, game="midnighters")},
        "midnight_hunt": {
            "names": mh.NAMES[:2], "seed": "hunt-duel-1", "options": {"clock_minutes": "3", "increment_seconds": "5"},
            "table": lambda s, b, p: mh.HuntTable(s, b, p, mh.NAMES[:2], game="midnight_hunt"),
        },
        "kdyz_snim": {"names": ks.NAMES, "seed": ks.SEED, "options": ks.OPTIONS, "time_scale": ks.TIME_SCALE, "table": lambda s, b, p: ks.DreamTable(s, b, p)},
    }


def game_minimum(db_path: Path) -> dict[str, Any]:
    """The fewest calls the played game's rules force, replayed from the bot's database (see bench/README.md):
    per player click 1 interaction response (it may carry the clicker's own news and controls); per step whose
    events include a public one, 1 public call (the board or log updated, or the click's own update of a public
    message, counted once); per step, 1 private call to each other player an event or a newly opened prompt is
    meant for; at the deal 1 thread, 1 public post and 1 private message per player (their hand or role) and
    each player's DM channel opened once (a fresh database); at the end 1 public post (the reveal) and the
    thread closed."""
    with sqlite3.connect(f"file:{db_path}?mode=ro", uri=True) as db:
        gid, engine_name, seed, seats, options = db.execute("SELECT id, engine, seed, seats, options FROM games ORDER BY id LIMIT 1").fetchone()
        log = [json.loads(a) for (a,) in db.execute("SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (gid,))]
    engine = get_engine(engine_name)
    players = [str(p) for p in json.loads(seats)]
    state, _ = engine.setup(json.loads(seats), json.loads(options), seed)
    # the deal: the thread, the opening post, each player's hand or role by DM (its channel opened once)
    need = Counter({"open DM channel": len(players), "thread": 1, "public post or edit": 1, "private post or edit": len(players)})
    clicks = public = private = 0
    for entry in log:
        action = Action.from_json(entry)
        before = {(p.id, q) for p in state.prompts for q in p.players}
        state, events = engine.apply(state, action)
        clicked = action.player in players and action.kind != "timeout"
        clicks += clicked
        public += any(e.audience.is_public for e in events)
        told = {str(q) for e in events if e.audience.kind == "players" for q in e.audience.players}
        told |= {q for p in state.prompts for q in p.players if (p.id, q) not in before}
        teams = {e.audience.team for e in events if e.audience.kind == "team"}  # one post in the team's thread
        private += len((told & set(players)) - ({action.player} if clicked else set())) + len(teams)
    need["interaction response"] += clicks + 1  # and the host's Start
    need["public post or edit"] += public + 1  # the steps, and the reveal at the end
    need["private post or edit"] += private
    need["close thread"] += 1
    return {"engine": engine_name, "actions": len(log), "clicks": clicks, "minimum": dict(need)}


def budget_kind(request: Any) -> str:
    """The minimum's kinds: a post or an edit in the game's thread or channel counts as public, in a DM as private."""
    k = kind(request)
    if k in ("post message", "edit message"):
        channel = request.path.split("/")[2]
        return "private post or edit" if channel in _DM_CHANNELS else "public post or edit"
    if k.startswith("POST /channels/{channel_id}") and "threads" in k:
        return "thread"
    if k == "PATCH /channels/{channel_id}":
        return "close thread"
    return k


_DM_CHANNELS: set[str] = set()


async def run_game(workdir: Path, game: str, *, pace: float = 1.0) -> dict[str, Any]:
    """One whole game of ``game``, its players clicking ``pace`` seconds apart; every call counted by kind."""
    spec = _game_specs()[game]
    names = spec["names"]
    server = FakeDiscord(guild_name="Bench", users=[*names, "Watcher"], text_channels=["general"])
    server.requests = TimedRequests()
    await server.start()
    db_path = workdir / f"traffic-{game}.sqlite3"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db_path}{suffix}").unlink(missing_ok=True)
    bot = BotProcess(server, db_path, spec["seed"], time_scale=spec.get("time_scale", 1.0))
    try:
        await bot.start()
        players = [server.user_id(n) for n in names]
        table = spec["table"](server, bot, players)
        lobby = await table.open_lobby()
        if spec.get("options"):
            await table.set_options(lobby, spec["options"])
        await table.seat_everyone_and_start(lobby)
        dealt = len(server.requests)
        started = time.monotonic()
        for _ in range(3000):
            if not await table.step():
                break
            await asyncio.sleep(pace)
        await server.wait_for(lambda s: outbox_empty(db_path), timeout=60, what="the outbox drained")
        await asyncio.sleep(1.0)
        took = time.monotonic() - started
        _DM_CHANNELS.update(str(c) for p in players if (c := server.dm_channel_id(p)))
        over = bool(table.game_over())
    finally:
        await bot.stop()
        await server.stop()
    requests = list(server.requests)
    counted = Counter(budget_kind(r) for r in requests[dealt - _deal_calls(requests, dealt) :])
    refused = counted.pop("refused click (stale)", 0)
    minimum = game_minimum(db_path)
    calls = sum(counted.values())
    budget_calls = calls - counted.get("interaction response", 0)
    need = sum(minimum["minimum"].values())
    need_budget = need - minimum["minimum"].get("interaction response", 0)
    human_s = minimum["clicks"] * HUMAN_PACE_S
    return {
        "game": game, "players": len(names), "finished": over, "wall_s": round(took, 1), "refused": refused,
        "calls": calls, "breakdown": dict(counted), **minimum, "minimum_calls": need,
        "ratio": calls / need if need else None,
        "budget_calls": budget_calls, "budget_minimum": need_budget,
        "games_per_token": BUDGET_PER_S * human_s / budget_calls if budget_calls else None,
        "games_per_token_at_minimum": BUDGET_PER_S * human_s / need_budget if need_budget else None,
    }


def _deal_calls(requests: list[Any], dealt: int) -> int:
    """The calls of the deal that came before ``dealt`` (the start click's own work: thread, DMs): counted with the
    game, back to the start click's interaction response. The lobby before it is not the game's."""
    for back, request in enumerate(reversed(requests[:dealt])):
        if kind(request) in ("interaction response", "refused click (stale)"):
            return back + 1
    return 0


async def run_games(workdir: Path, games: list[str] | None = None, *, pace: float = 1.0) -> list[dict[str, Any]]:
    out = []
    for game in games or list(_game_specs()):
        out.append(await run_game(workdir, game, pace=pace))
    return out


def games_report(rows: list[dict[str, Any]] | None) -> list[str]:
    """The per-game table of RESULTS.md's traffic section."""
    if not rows:
        return []
    out = [
        f"**Every game, whole** (one seeded game each, as its end-to-end test plays it, players clicking 1 s apart; "
        f"games per token reckoned at a human pace of one click every {HUMAN_PACE_S:g} s at the table, against "
        f"Discord's {BUDGET_PER_S} calls a second, interaction responses aside; the minimum is written down per "
        "game in bench/README.md)",
        "",
        "| game | players | clicks | calls | minimum | ratio (target ≤ 1.25) | budget calls / minimum | games per token (at the minimum) | breakdown (actual / minimum) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for r in rows:
        need = r["minimum"]
        kinds = sorted(set(r["breakdown"]) | set(need))
        parts = ", ".join(f"{k} {r['breakdown'].get(k, 0)}/{need.get(k, 0)}" for k in kinds)
        ratio = f"{r['ratio']:.2f} {_ok(r['ratio'] <= 1.25)}" if r["ratio"] else "—"
        gpt = f"{r['games_per_token']:.0f} ({r['games_per_token_at_minimum']:.0f})" if r["games_per_token"] else "—"
        out.append(
            f"| {r['game']}{'' if r['finished'] else ' (unfinished)'} | {r['players']} | {r['clicks']} | {r['calls']} | "
            f"{r['minimum_calls']} | {ratio} | {r['budget_calls']} / {r['budget_minimum']} | {gpt} | {parts} |"
        )
    return out + [""]


def _ok(met: bool) -> str:
    return "**met**" if met else "**not met**"
