"""Issue 25: the time the bot is away is nobody's turn, through the real bot and the fake Discord server.

A game is left alone until its soonest timed choice has a little time left: a Ghost at Home turn (game time 20x
faster, so a 2-minute turn lasts 6 s) with 40 s, Když sním's first 30 s clue turn, inside the Dreamer's sand timer,
with 12 s, Night Watch's first discussion with 24 s, a Midnighters reaction window (MN-27) after the first card
played, with 24 s, or Midnight Hunt's chess clock (MH-57) on the first draft pick, with 24 s. Then the bot is
SIGKILLed and restarted later than that (or Discord's gateway goes down for as long). Either way every choice is
still open when the bot is back, the thread is told how long it was away before anything else, each choice has the
time it had left (at least the grace), its countdown shows it, and it times out only then. In Midnighters the notice
also comes before any DM of the game, each window DM is rewritten with the new deadline, a player still answers the
window, and the turn it interrupted goes on with the time it had when the card was played (MN-19). In Midnight Hunt
the mover's clock keeps what it had when the bot went away (the time before the outage charged, none of the outage),
and runs out, losing the game on time, only then. (A restart mid-play, the play finished after it, is in
test_midnight_hunt_e2e.py; every kind of timed choice of every game, at the runtime's level with an injected clock,
in tests/bot/test_downtime.py.)
"""

from __future__ import annotations

import asyncio
import os
import re
import sqlite3
from typing import NamedTuple

import pytest

import translations as i18n
from bot.clock import ScaledClock
from bot.downtime import GRACE_SECONDS
from bot.heartbeat import BEAT_SECONDS
from bot.timers import WARN_AT
from tests.e2e.harness import BotProcess, GameTable, game_controls, prompt_of
from tests.e2e.test_midnight_hunt_e2e import HuntTable
from tests.e2e.test_midnighters_e2e import MidnightTable
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e
#: The gateway outage of every kind of timed choice is the long variant's (``NOCTURNE_LONG=1``): the default run
#: keeps every game's restart, and the gateway outage of a turn (Ghost at Home) and of everyone's choice at once
#: (Night Watch), which go through the same return (bot.downtime) as the rest; the suite stays within its minutes.
LONG_ONLY = pytest.mark.skipif(os.environ.get("NOCTURNE_LONG") != "1", reason="long variant: NOCTURNE_LONG=1")

NAMES = ["Ada", "Boris", "Cyril", "Dana", "Erin"]
COUNTDOWN = re.compile(r"<t:(\d+):R>")
AWAY = re.compile(r"for (?:(\d+) min )?(\d+) s|after (?:(\d+) min )?(\d+) s away")
#: game, players, game time's speed-up, the game seconds left on the soonest choice when the bot goes away, and
#: how long (wall seconds) it stays away: always longer than that choice had left. Each choice is as short as its
#: options allow and its game's time as fast as leaves a loaded machine a few wall seconds at every step: the test
#: waits out the choice's time before the outage, the outage, and what the choice has after it (`left`, or the grace).
#: No `left` is a time-left warning's moment (bot.timers.WARN_AT): a warning sent as the bot goes away would come
#: before its notice.
CASES = {
    "ghost_at_home": ("ghost_at_home", 2, 20.0, 40, 2.5),  # GH: a 2-minute turn (GH-34), 6 s of wall time
    "kdyz_snim": ("kdyz_snim", 4, 6.0, 12, 2.5),  # KS: a 30 s clue turn (the first), inside the Dreamer's sand timer
    "night_watch": ("night_watch", 5, 10.0, 24, 3.5),  # NW: a 1-minute discussion (NW-9), everyone's choice at once
    "midnighters": ("midnighters", 3, 8.0, 24, 3.5),  # MN: a 60 s reaction window (MN-27), 7.5 s of wall time
    # MH-57: a 1-minute chess clock, 7.5 s of wall time; the first draft pick is on it (draft picks included). It has
    # 24 s left, more than the grace, so what it has after the outage is its own time, not the grace.
    "midnight_hunt": ("midnight_hunt", 2, 8.0, 24, 3.5),
}
#: Lobby options a case sets: the shortest choices that still leave the steps above their wall seconds. Midnighters:
#: a window long enough to be caught, a turn (MN-19) that outlasts the test.
OPTIONS = {
    "kdyz_snim": {"clue_seconds": "30"},
    "night_watch": {"discussion_seconds": "60"},
    "midnighters": {"reaction_seconds": "60", "turn_seconds": "600"},
    "midnight_hunt": {"clock_minutes": "1"},
}
#: Midnight Hunt's chess clock (MH-57) as set in OPTIONS, in seconds: each player's clock when the game starts.
HUNT_CLOCK = 60


def turn_messages(server: FakeDiscord, table: GameTable) -> list[dict]:
    """The messages of the open choices (public and private) with their controls and countdown."""
    found = []
    for messages in [table.public(), *(server.dm_messages(p) for p in table.players)]:
        found += [m for m in messages if game_controls(m) and COUNTDOWN.search(m.get("content") or "")]
    return found


def stored_deadlines(db) -> dict[str, float]:
    with sqlite3.connect(db) as con:
        return dict(con.execute("SELECT prompt_id, due_at FROM deadlines WHERE remaining IS NULL AND prompt_id != 'lobby'"))


def unsent(db) -> int:
    """How many outbox rows the bot has not delivered yet."""
    with sqlite3.connect(db) as con:
        return con.execute("SELECT count(*) FROM outbox WHERE NOT sent").fetchone()[0]


def window_messages(server: FakeDiscord, table: GameTable) -> dict[int, dict]:
    """Midnighters: each player's DM of the open reaction window, by player (MN-P8: all but the card's player)."""
    return {
        p: m
        for p in table.players
        for m in server.dm_messages(p)
        if any(":window#" in c["custom_id"] for c in game_controls(m))
    }


class Played(NamedTuple):
    """The card that opened the window: its turn's deadline just before, and the game time around the click."""

    turn_due: float
    clicked_from: float
    clicked_to: float


async def play_until_a_window(server: FakeDiscord, table: MidnightTable, db, clock: ScaledClock) -> Played:
    """Midnighters: the players play by the e2e game's policy until a card played opens a reaction window (MN-27);
    nobody answers it. Returns when the card that opened it was clicked and what its turn had left then."""
    played = None
    while not window_messages(server, table):
        turn_due = next((due for pid, due in stored_deadlines(db).items() if pid.startswith("turn")), None)
        clicks, clicked_from = table.clicks, clock.now()
        assert await table.step(), "the game ended before a window opened"
        if table.clicks > clicks and turn_due is not None:
            played = Played(turn_due, clicked_from, clock.now())
    assert played is not None
    return played


@pytest.mark.parametrize(
    ("case", "outage"),
    [
        ("ghost_at_home", "restart"),
        ("ghost_at_home", "gateway"),
        ("kdyz_snim", "restart"),
        pytest.param("kdyz_snim", "gateway", marks=LONG_ONLY),
        ("night_watch", "restart"),
        ("night_watch", "gateway"),
        ("midnighters", "restart"),
        pytest.param("midnighters", "gateway", marks=LONG_ONLY),
        ("midnight_hunt", "restart"),
        pytest.param("midnight_hunt", "gateway", marks=LONG_ONLY),
    ],
)
async def test_an_outage_longer_than_the_choice_had_left_costs_it_nothing(tmp_path, case, outage):
    game, players, scale, left, outage_seconds = CASES[case]
    names = NAMES[:players]
    clock = ScaledClock(scale)
    server = FakeDiscord(guild_name="Haunted Manor", users=names, text_channels=["general"])
    await server.start()
    db = tmp_path / "nocturne.sqlite3"
    bot = BotProcess(server, db, f"downtime-{case}", time_scale=scale)
    try:
        await bot.start()
        seats = [server.user_id(n) for n in names]
        tables = {"midnighters": MidnightTable, "midnight_hunt": HuntTable}
        table = tables[game](server, bot, seats) if game in tables else GameTable(server, bot, seats, game)
        lobby = await table.open_lobby()
        if game in OPTIONS:
            await table.set_options(lobby, OPTIONS[game])
            await server.wait_for(
                lambda s: all(v in (s.message(lobby).get("content") or "") for v in OPTIONS[game].values()), timeout=30, what="options saved"
            )
        starting = clock.now()
        await table.seat_everyone_and_start(lobby)
        await server.wait_for(lambda s: turn_messages(s, table) and stored_deadlines(db), timeout=30, what="the first timed choice")
        if game == "midnight_hunt":  # MH-57: the first draft pick's deadline is its player's whole clock from the start
            ((first_pick, opened_due),) = stored_deadlines(db).items()
            assert first_pick.startswith("draft#") and starting <= opened_due - HUNT_CLOCK <= clock.now(), (first_pick, opened_due, starting)
            mover = await server.wait_for(  # the first player (MH-13, random by default) is shown their pick by DM
                lambda s: next(
                    (name for name, p in zip(names, seats) for m in s.dm_messages(p) for c in game_controls(m) if prompt_of(c["custom_id"]) == first_pick),
                    None,
                ),
                timeout=30,
                what="the first pick's DM",
            )
        if game == "midnighters":
            played = await play_until_a_window(server, table, db, clock)
            await server.wait_for(
                lambda s: any(p.startswith("window#") for p in stored_deadlines(db)), timeout=30, what="the window's deadline"
            )
        # what the game had to say so far is out (a board drawn by a worker may still be on its way), so what the
        # channel shows after the outage is the outage's
        await server.wait_for(lambda s: not unsent(db), timeout=30, what="everything said before the outage delivered")
        due = stored_deadlines(db)
        soonest = min(due.values())
        assert soonest - clock.now() > left, (due, clock.now())
        await asyncio.sleep(max(0.0, (soonest - left - clock.now()) / scale))  # the soonest choice has `left` s ...
        before = len(table.public())
        requests_before = len(server.requests)
        went = clock.now()
        if outage == "restart":
            bot.kill()
            await asyncio.sleep(outage_seconds)
            returning = clock.now()  # the bot is back at the earliest now (the test sees its notice later)
            await bot.start()
        else:
            await server.gateway_outage()
            await asyncio.sleep(outage_seconds)
            assert stored_deadlines(db) == due, "a timer fired while the gateway was down"
            returning = clock.now()
            server.gateway_restored()
        notice = await server.wait_for(
            lambda s: next((m for m in table.public()[before:] if (m.get("content") or "").startswith("🔄")), None),
            timeout=30,
            what="the bot saying it is back",
        )
        back_at = clock.now()
        # the notice is the first thing the game says after the outage, and names it
        assert table.public()[before]["id"] == notice["id"], [m.get("content") for m in table.public()[before:]]
        assert ("(a restart)" if outage == "restart" else "connection to Discord") in notice["content"], notice["content"]
        parts = [int(g) for g in AWAY.search(notice["content"]).groups() if g is not None]
        away = parts[0] * 60 + parts[1] if len(parts) == 2 else parts[0]
        # at least the outage, at most the time from its start to the notice (a loaded machine's restart takes a while)
        assert outage_seconds * scale - 10 <= away <= back_at - went + 10, (away, back_at - went, notice["content"])
        # every choice is still open; each has the time it had left (from the bot's return) or the grace
        moved = stored_deadlines(db)
        assert set(moved) == set(due), (due, moved)
        for prompt_id, was in due.items():
            assert was + away - 1.5 <= moved[prompt_id] <= max(was + away, back_at + GRACE_SECONDS) + 1.5, (prompt_id, was, away, moved)
        assert moved[min(due, key=due.get)] >= returning + GRACE_SECONDS - 1  # the soonest has at least the grace
        # the choices' messages now show their new deadlines
        await server.wait_for(
            lambda s: any(abs(int(t) - when) <= 1 for m in turn_messages(s, table) for t in COUNTDOWN.findall(m["content"]) for when in moved.values()),
            timeout=30,
            what="a countdown moved on",
        )
        if game == "midnighters":
            await a_window_kept_through_an_outage(server, table, db, notice, requests_before, moved)
        if game == "midnight_hunt":
            a_clock_kept_through_an_outage(due, went, returning, back_at, moved)
        # and the soonest times out only then
        first = min(moved, key=moved.get)
        await server.wait_for(lambda s: first not in stored_deadlines(db), timeout=60, what="the soonest choice timing out")
        assert clock.now() >= moved[first] - 1
        if game == "midnighters":  # MN-19: the turn goes on after the window with what it had when the card was played
            timed_out_at = clock.now()
            turn = await server.wait_for(
                lambda s: next((due for pid, due in stored_deadlines(db).items() if pid.startswith("turn")), None),
                timeout=30,
                what="the turn going on after the window",
            )
            seen_at = clock.now()
            had = (played.turn_due - played.clicked_to, played.turn_due - played.clicked_from + 1)  # whole seconds charged
            assert moved[first] - 1 + had[0] <= turn <= max(timed_out_at, seen_at) + had[1] + 1, (turn, moved[first], had, seen_at)
        if game == "midnight_hunt":  # MH-57: the clock that ran out is the mover's, and only now
            over = await server.wait_for(lambda s: table.game_over(), timeout=30, what="the game lost on time")
            ran_out = i18n.translate("en", "mh.over.by-time", player=mover)
            assert ran_out in over and over.count(ran_out.split(mover)[0]) == 1, over
    finally:
        await bot.stop()
        await server.stop()


def a_clock_kept_through_an_outage(due, went, returning, back_at, moved) -> None:
    """Midnight Hunt (MH-57): the mover's chess clock is charged the time before the outage and nothing of it. When
    the bot went away, the clock had what its deadline said (the clock *is* the deadline: the whole clock from when
    the pick opened, checked above, less the time used since); once back, it has that again, counted from the bot's
    return. The bot counts its absence from its last heartbeat, up to BEAT_SECONDS before the outage, so it may
    give back those few seconds too (never take any); and it came back somewhere between ``returning`` and the
    notice (``back_at``)."""
    ((pick, was),) = due.items()
    had = was - went  # the mover's clock when the bot went away: HUNT_CLOCK less the time before the outage
    assert had > GRACE_SECONDS, (had, "the clock had more than the grace, so the grace does not hide a charge")
    assert moved[pick] - returning >= had - 1.5, (moved[pick], returning, had, "the outage was charged to the clock")
    assert moved[pick] - back_at <= had + BEAT_SECONDS + 1.5, (moved[pick], back_at, had)


async def a_window_kept_through_an_outage(server, table, db, notice, requests_before, moved) -> None:
    """Midnighters (MN-27, MN-28): the window the bot went away in is still open for the same players; the notice
    is the first thing the game sends after the outage (no DM of the game before it); each window DM is rewritten
    with the window's new deadline; and a player answers it: the pass is taken and the window stays open for the
    other player (MN-28) on the same deadline."""
    (window,) = [pid for pid in moved if pid.startswith("window#")]
    dms = window_messages(server, table)
    assert len(dms) == 2 and all(prompt_of(c["custom_id"]) == window for m in dms.values() for c in game_controls(m)), dms
    # each DM rewritten by the bot's return itself, not only by the warning that comes later (which shows it too)
    stamp, warnings = f"<t:{int(moved[window])}:R>", [i18n.translate("en", "common.time_left", seconds=left) for left in WARN_AT]

    def rewritten(s: FakeDiscord) -> set[int]:
        return {
            int(r.path.split("/")[2])
            for r in s.requests[requests_before:]
            if r.method == "PATCH"
            and stamp in ((r.json or {}).get("content") or "")
            and not any(w in r.json["content"] for w in warnings)
        }

    await server.wait_for(
        lambda s: {s.dm_channel_id(p) for p in dms} <= rewritten(s), timeout=30, what="the window's DMs showing its new deadline"
    )
    channels = {table.thread} | {server.dm_channel_id(p) for p in table.players}
    said = [
        r
        for r in server.requests[requests_before:]
        if r.method in ("POST", "PATCH") and r.route.startswith("/channels/{channel_id}/messages") and int(r.path.split("/")[2]) in channels
    ]
    assert said and said[0].method == "POST" and (said[0].json or {}).get("content") == notice["content"], [
        (r.method, r.path, (r.json or {}).get("content", "")[:40]) for r in said[:5]
    ]
    player, message = next(iter(dms.items()))
    passing = next(c for c in game_controls(message) if prompt_of(c["custom_id"]) == window and c["custom_id"].endswith(":pass"))
    rec = await table.interact(server.click(player, int(message["id"]), passing["custom_id"]))
    answer = (rec.original or {}).get("content") or (server.message(int(message["id"])) or {}).get("content") or ""
    assert not answer.startswith("⚠️"), rec.responses
    await server.wait_for(lambda s: player not in window_messages(s, table), timeout=30, what="the pass taken (MN-28)")
    assert stored_deadlines(db).get(window) == moved[window], "one pass closes no window of two answering players"
