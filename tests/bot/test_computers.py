"""Computer players in the runtime (issue 31, bot/computers.py), with the injected clock and a fake decider.

* a computer's id never collides with a Discord id and carries its level; the host seats and unseats computers in
  the lobby, named in the lobby's language;
* after every commit that leaves a prompt open for a computer, its move is decided from its seat's view alone and
  made through :meth:`Runtime.act` (logged, delivered) no sooner than a person's pace, and never while the bot is
  away or the game paused;
* a decision whose state moved on is dropped; a restart resumes a computer's pending turn; a decider that fails or
  answers nonsense costs a random legal move, never the game;
* nothing is ever sent to a computer; a game with a computer seated writes no stats results, and its record and
  /game history say which seats were computers and at what level;
* the decision runs in a spawned worker process when no decider is injected.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from sqlalchemy import func, select

from bot import computers, stats
from bot.computers import LEVELS, Computers, computer_id, computers_in, is_computer, level_of, number_of
from bot.db import ActionRow, Game, Result
from bot.deliverer import Undelivered
from bot.delivery import Dispatcher
from bot.lobby import lobby_components, lobby_ops
from bot.records import load_record
from bot.runtime import Runtime
from cogs.lobby_panel import computers_panel
from cogs.records import history_text
from engines.core import Action

GUILD, CHANNEL = 111, 222
HUMAN = "1001"


class FakeDecider:
    """Stands in for engines.ai.decide: records what it was given and picks a seeded random legal move. (It looks the
    move up in the real game, which a real decider cannot: the test checks the view it was given is the seat's.)"""

    def __init__(self, runtime: Runtime) -> None:
        self.runtime = runtime
        self.calls: list[dict[str, Any]] = []
        self.fail = False
        self.answer: dict | None = None

    def __call__(self, game: str, view: dict, player: str, level: str, seed: int) -> dict:
        live = next(g for g in self.runtime.games.values() if g.row.status == "running" and player in g.row.seats)
        self.calls.append({"game": game, "view": view, "player": player, "level": level, "seed": seed,
                           "seen": live.engine.view(live.state, player, known=True), "step": live.state.step})
        if self.fail:
            raise RuntimeError("the decider broke")
        if self.answer is not None:
            return self.answer
        actions = [a for a in live.engine.legal_actions(live.state, player) if a.kind not in ("leave", "surrender", "resign")]
        return random.Random(seed).choice(actions).to_json()


@pytest.fixture
def offered(monkeypatch):
    monkeypatch.setattr(computers, "_offered", frozenset({"ghost_at_home", "midnighters", "midnight_hunt"}))


def fake(rt: Runtime) -> FakeDecider:
    rt.computers.decider = decider = FakeDecider(rt)
    return decider


async def open_game(rt: Runtime, engine: str, seats: list[str], start: bool = True):
    live = await rt.open_lobby(engine, guild_id=GUILD, guild_name="Manor", channel_id=CHANNEL, host_id=int(HUMAN),
                               host_name="Ada", language="en", lobby_ops=lobby_ops)
    table = live.table()

    def seat(row):
        row.seats[:] = [s for s in seats if not is_computer(s)]
        for s in row.seats:
            row.names[s] = f"player{s}"
        for s in seats:
            if is_computer(s):
                computers.seat(row, level_of(s), table, 10)

    await rt.update_lobby(live.id, seat, lobby_ops)
    if start:
        await rt.start(live.id, lambda game: [{"do": "open_thread", "name": f"game {game.id}"}])
    return await rt.get(live.id)


async def actions_of(rt: Runtime, game_id: int) -> list[dict]:
    async with rt.db.sessions() as session:
        return [a for (a,) in (await session.execute(select(ActionRow.action).where(ActionRow.game_id == game_id).order_by(ActionRow.seq))).all()]


# -- ids and the lobby -----------------------------------------------------------------------------------------------


def test_a_computers_id_carries_its_number_and_level_and_is_never_a_discord_id():
    for number in (1, 2, 9, 10, 42):
        for level in LEVELS:
            player = computer_id(number, level)
            assert is_computer(player) and int(player) < 0  # Discord snowflakes are positive
            assert (number_of(player), level_of(player)) == (number, level)
    assert computer_id(1, "normal") == "-12"
    for person in ("1001", "80351110224678912", "0"):
        assert not is_computer(person)
    with pytest.raises(ValueError):
        computer_id(1, "godlike")


def test_a_table_knows_whether_a_computer_sits_at_it_whatever_its_seats_hold():
    """``_seated`` (asked at every action) finds a computer anywhere among the seats, ids stored as text or numbers."""
    from types import SimpleNamespace

    from bot.computers import _seated

    def table(seats):
        return SimpleNamespace(row=SimpleNamespace(seats=seats))

    people = ["80351110224678912", "1001", "0"]
    assert not _seated(table(people)) and not _seated(table([])) and not _seated(table(None))
    assert not _seated(table([1001, 80351110224678912]))
    for at in range(len(people) + 1):
        assert _seated(table(people[:at] + [computer_id(2, "hard")] + people[at:]))
    assert _seated(table([1001, -12]))


def test_the_host_seats_and_unseats_computers_named_in_the_lobbys_language():
    from types import SimpleNamespace

    from translations import translate

    class Table:
        def __init__(self, lang):
            self.lang = lang

        def t(self, key, **args):
            return translate(self.lang, key, **args)

    row = SimpleNamespace(seats=["1001"], names={"1001": "Ada"})
    assert computers.seat(row, "normal", Table("en"), 3) == "🤖 Bot 1 · normal"
    assert computers.seat(row, "hard", Table("ru"), 3) == "🤖 Бот 2 · сильный"
    with pytest.raises(computers.SeatRefused) as full:
        computers.seat(row, "easy", Table("cs"), 3)
    assert full.value.code == "full"
    assert row.seats == ["1001", "-12", "-23"]
    assert computers.unseat(row, "-12") == "🤖 Bot 1 · normal"
    assert computers.seat(row, "easy", Table("cs"), 3) == "🤖 Bot 1 · lehký"  # the free number is taken again
    with pytest.raises(computers.SeatRefused):
        computers.unseat(row, "1001")  # a person is never taken away by the host's computers panel
    assert computers_in(row.seats) == {"-23": "hard", "-11": "easy"}


async def test_the_lobby_offers_the_computers_panel_only_in_games_computers_play(runtime, offered):
    live = await open_game(runtime, "midnight_hunt", [HUMAN, "-12"], start=False)
    ids = [c["custom_id"] for r in lobby_components(live.table(), live.row) for c in r["components"]]
    assert f"nl:{live.id}:computers" in ids
    panel = [c for r in computers_panel(live.table(), live.row) for c in r["components"]]
    assert [c["custom_id"] for c in panel] == [f"nls:{live.id}:addbot", f"nls:{live.id}:dropbot"]
    assert [o["value"] for o in panel[0]["options"]] == list(LEVELS)
    assert panel[1]["options"] == [{"label": "🤖 Bot 1 · normal", "value": "-12"}]
    night = await runtime.open_lobby("night_watch", guild_id=GUILD, guild_name="B5", channel_id=CHANNEL + 1,
                                     host_id=int(HUMAN), host_name="Ada", language="en", lobby_ops=lobby_ops)
    ids = [c["custom_id"] for r in lobby_components(night.table(), night.row) for c in r["components"]]
    assert not any(i.endswith(":computers") for i in ids)


# -- playing ---------------------------------------------------------------------------------------------------------


async def test_a_computer_moves_from_its_own_view_through_act_at_a_persons_pace(runtime, clock):
    decider = fake(runtime)
    live = await open_game(runtime, "midnight_hunt", [HUMAN, "-12"])  # the computer drafts first
    prompt = live.state.prompts[0]
    assert prompt.players == ("-12",)
    assert (live.id, "-12") in runtime.computers.tasks
    # decided at once, from its seat's view alone, at its level
    await clock.advance(0)
    assert len(decider.calls) == 1
    call = decider.calls[0]
    assert call["view"] == call["seen"] == live.engine.view(live.state, "-12", known=True)
    assert (call["game"], call["player"], call["level"]) == ("midnight_hunt", "-12", "normal")
    # but no move before a person's pace
    await clock.advance(computers.PACE[0] - 0.01)
    await runtime.idle()
    assert live.state.step == 0
    await clock.advance(computers.PACE[1])
    await runtime.idle()
    assert live.state.step == 1
    logged = await actions_of(runtime, live.id)
    assert logged[0]["player"] == "-12" and logged[0]["prompt"] == prompt.id
    assert runtime.computers.moves == 1


async def test_a_computer_waits_for_a_person_and_answers_after_them(runtime, clock):
    decider = fake(runtime)
    live = await open_game(runtime, "ghost_at_home", [HUMAN, "-13"])
    assert live.state.prompts[0].players == (HUMAN,)
    assert not runtime.computers.tasks and not decider.calls  # nothing awaits the computer
    action = live.engine.legal_actions(live.state, HUMAN)[0]
    await runtime.act(live.id, action)
    await asyncio.sleep(0)  # the action's bookkeeping, its computers' turns among it, follows on the loop's next turn
    awaited = {p for pr in live.state.prompts for p in pr.players}
    assert "-13" in awaited  # Ghost at Home: the other player's turn
    assert (live.id, "-13") in runtime.computers.tasks
    await clock.advance(2.01)
    await runtime.idle()
    assert (await actions_of(runtime, live.id))[-1]["player"] == "-13"
    assert decider.calls[-1]["level"] == "hard"


async def test_a_stale_decision_is_dropped_and_the_new_state_decided_again(runtime, clock):
    decider = fake(runtime)
    live = await open_game(runtime, "midnight_hunt", [HUMAN, "-12"])
    prompt = live.state.prompts[0]
    first = runtime.computers.tasks[(live.id, "-12")]
    # the prompt times out (the safety net) before the computer's pace: the game moved on
    await runtime.act(live.id, Action.timeout(prompt.id))
    await asyncio.sleep(0)  # settled on the loop's next turn (bot.play.Play.follow_up)
    assert first[1].cancelled() or first[1].done() or first[1].cancelling()
    step = live.state.step
    awaited = {p for pr in live.state.prompts for p in pr.players}
    await clock.advance(2.01)
    await runtime.idle()
    logged = await actions_of(runtime, live.id)
    assert logged[0]["player"] == "@clock"  # the timeout, then only moves made from the state after it
    assert all(c["step"] >= step for c in decider.calls[1:])
    assert "-12" in awaited  # the next pick (and, after its idle timeout, MH-55's rejoin window) is the computer's
    assert logged[1]["player"] == "-12"
    # a move decided for a step that is gone is dropped, nothing written
    before = runtime.computers.stale
    count = len(await actions_of(runtime, live.id))
    await runtime.computers._move(live.id, "-12", 0, decider.calls[0] and {"player": "-12", "prompt": prompt.id, "kind": "pick", "args": {}})
    assert runtime.computers.stale == before + 1
    assert len(await actions_of(runtime, live.id)) == count


async def test_a_move_raced_by_another_under_the_lock_is_dropped(runtime, clock):
    """The guard under the game's lock: the decision was for step N, the game is at N+1 by the time act runs."""
    fake(runtime)
    live = await open_game(runtime, "midnight_hunt", [HUMAN, "-12"])
    prompt = live.state.prompts[0]
    action = live.engine.legal_actions(live.state, "-12")[0]
    runtime.computers.disarm(live.id)
    await runtime.act(live.id, action)  # "someone" made the move first
    runtime.computers.disarm(live.id)
    before = runtime.computers.stale
    await runtime.computers._move(live.id, "-12", live.state.step, None)  # fine: fresh step
    moved = live.state.step
    await runtime.computers._move(live.id, "-12", moved - 1, {"player": "-12", "prompt": prompt.id, "kind": action.kind, "args": action.args})
    assert runtime.computers.stale == before + 1


async def test_a_restart_resumes_a_computers_pending_turn(database, clock, transport):
    first = Runtime(database, clock, new_seed=lambda: "restart-seed")
    Dispatcher(first, transport, retry_delay=0)
    fake(first)
    live = await open_game(first, "midnight_hunt", [HUMAN, "-12"])
    await first.idle()
    assert (live.id, "-12") in first.computers.tasks
    await first.close()  # the bot goes away mid-turn: no shutdown code of the computer's runs
    assert not (await actions_of(first, live.id))
    second = Runtime(database, clock)
    Dispatcher(second, transport, retry_delay=0)
    decider = fake(second)
    await second.recover()
    assert (live.id, "-12") in second.computers.tasks  # derived from the state, nothing stored for it
    await clock.advance(2.01)
    await second.idle()
    logged = await actions_of(second, live.id)
    assert logged and logged[0]["player"] == "-12"
    assert decider.calls[0]["view"] == decider.calls[0]["seen"]
    await second.close()


async def test_no_computer_moves_while_the_bot_is_away_or_the_game_is_paused(runtime, clock):
    fake(runtime)
    live = await open_game(runtime, "midnight_hunt", [HUMAN, "-12"])
    runtime.hold()
    await clock.advance(5)
    assert live.state.step == 0  # away: nobody moves, computers neither
    await runtime.back()
    await clock.advance(0)
    await runtime.idle()
    assert live.state.step == 1
    # paused: the computer's turn waits for the resume
    await runtime.pause(live.id)
    await runtime.act(live.id, live.engine.legal_actions(live.state, HUMAN)[0])  # the person's pick, then the computer's
    assert {p for pr in live.state.prompts for p in pr.players} == {"-12"}
    step = live.state.step
    await clock.advance(5)
    await runtime.idle()
    assert live.state.step == step and not runtime.computers.tasks
    await runtime.resume(live.id)
    await clock.advance(2.01)
    await runtime.idle()
    assert live.state.step == step + 1


@pytest.mark.parametrize("seats", [["-22", "-12"], [HUMAN, "-12"]])
async def test_a_game_of_computers_only_moves_at_the_pace_its_thread_is_delivered(runtime, clock, monkeypatch, seats):
    """Computers only: a move waits until what the game said before reached Discord, so the game never runs ever
    further ahead of its thread. With a person seated, the person's pace is the game's: the computer moves at its own."""

    class Slow(Undelivered):
        delivering = True

        def busy(self, game_id: int) -> bool:
            return self.delivering

    monkeypatch.setattr(computers, "DELIVERY_POLL", 0.0)  # looks again at every turn of the loop, never times out
    fake(runtime)
    runtime.dispatcher = slow = Slow()
    live = await open_game(runtime, "midnight_hunt", seats)
    await clock.advance(2.01)
    for _ in range(50):
        await asyncio.sleep(0)
    if HUMAN in seats:
        await runtime.idle()
        assert live.state.step == 1
        return
    assert live.state.step == 0  # what the deal said is still on its way to Discord
    slow.delivering = False
    await runtime.idle()
    assert live.state.step == 1


@pytest.mark.parametrize("broken", ["raises", "nonsense", "for_another"])
async def test_a_decider_that_fails_costs_a_random_legal_move_never_the_game(runtime, clock, broken):
    decider = fake(runtime)
    decider.fail = broken == "raises"
    decider.answer = {"nonsense": {"player": "-12", "prompt": "no-such-prompt", "kind": "pick", "args": {}},
                      "for_another": {"player": HUMAN, "prompt": "draft#1", "kind": "pick", "args": {"unit": "archer"}}}.get(broken)
    live = await open_game(runtime, "midnight_hunt", [HUMAN, "-12"])
    await clock.advance(2.01)
    await runtime.idle()
    logged = await actions_of(runtime, live.id)
    assert logged and logged[0]["player"] == "-12"  # a legal move was still made, by the computer
    assert runtime.computers.moves == 1


# -- a game of computers only, records and stats ---------------------------------------------------------------------


async def test_a_computers_only_game_plays_to_its_end_sends_them_nothing_and_counts_for_no_stats(runtime, clock, transport):
    fake(runtime)
    live = await open_game(runtime, "ghost_at_home", ["-11", "-23"])  # the host watches
    assert live.row.seats == ["-11", "-23"] and str(live.row.host_id) not in live.row.seats
    for _ in range(3000):
        if live.state.outcome is not None:
            break
        await clock.advance(2.01)
        await runtime.idle()
    assert live.state.outcome is not None, live.state.step
    logged = await actions_of(runtime, live.id)
    assert {a["player"] for a in logged} <= {"-11", "-23", "@clock"}
    assert sum(a["player"] != "@clock" for a in logged) > 5
    # nothing was ever sent to a computer: no DM channel opened, no DM posted
    assert not transport.dm_of and not any(c[0] == "dm_channel" for c in transport.calls)
    # no results: people's stats stay among people
    async with runtime.db.sessions() as session:
        assert await session.scalar(select(func.count()).select_from(Result).where(Result.game_id == live.id)) == 0
    # the record and /game history name the computers and their levels
    record = await load_record(runtime.db, live.id)
    assert record["computers"] == {"🤖 Bot 1 · easy": "easy", "🤖 Bot 2 · hard": "hard"}
    assert record["players"] == ["🤖 Bot 1 · easy", "🤖 Bot 2 · hard"]
    past = await stats.history(runtime.db, GUILD)
    assert past[0].computers == {"🤖 Bot 1 · easy": "easy", "🤖 Bot 2 · hard": "hard"}
    text = history_text("en", GUILD, past)
    assert "with computers: 🤖 Bot 1 · easy, 🤖 Bot 2 · hard (not counted in stats)" in text


async def test_a_game_of_people_still_counts_and_says_nothing_of_computers(runtime):
    assert stats.counted(["1001", "1002"]) and not stats.counted(["1001", "-12"])
    async with runtime.db.sessions.begin() as session:
        session.add(Game(engine="midnight_hunt", status="finished", guild_id=GUILD, guild_name="g", channel_id=1,
                         host_id=1, language="en", seed="s", salt="", options={}, seats=["1", "2"], names={"1": "A", "2": "B"},
                         slots={}, seq=3, paused=False, created_at=1.0, started_at=1.0, finished_at=2.0,
                         outcome={"winners": ["1"], "reason": "x", "teams": [], "draw": False}))
    past = await stats.history(runtime.db, GUILD)
    assert past[0].computers == {} and "computers" not in history_text("en", GUILD, past)


async def test_dms_addressed_to_a_computer_are_dropped_without_a_call(runtime, transport):
    live = await open_game(runtime, "ghost_at_home", [HUMAN, "-12"])
    await runtime.idle()
    before = list(transport.calls)
    result = await runtime.dispatcher.execute(live, {"do": "post", "to": "dm", "user": "-12", "content": "your hand"}, None)
    assert result == {"skipped": "not_a_user"}
    assert transport.calls == before
    assert transport.dms(int(HUMAN))  # the person got their hand


# -- the worker process ----------------------------------------------------------------------------------------------


def echo(game: str, view: dict, player: str, level: str, seed: int) -> dict:
    """A decider for the worker test: says what it was given."""
    import os

    return {"player": player, "prompt": "p", "kind": "echo", "args": {"game": game, "keys": sorted(view), "level": level, "seed": seed, "pid": os.getpid()}}


async def test_decisions_run_in_a_spawned_worker_process(database, clock, monkeypatch):
    import os

    monkeypatch.setenv(computers.DECIDER_ENV, f"{__name__}:echo")
    rt = Runtime(database, clock)
    rt.dispatcher = Undelivered()
    pool = Computers(rt, workers=1)
    try:
        answer = await pool._decide("midnight_hunt", {"you": "-12", "hand": []}, "-12", "hard", 7)
    finally:
        await pool.close()
        await rt.close()
    assert answer["args"]["keys"] == ["hand", "you"] and answer["args"]["level"] == "hard" and answer["args"]["seed"] == 7
    assert answer["args"]["pid"] != os.getpid()


@pytest.mark.parametrize(("game", "options"), [("midnighters", {"max_turns": 2}), ("midnight_hunt", {})])
async def test_the_real_players_moves_are_legal_through_the_runtime(runtime, clock, game, options):
    """engines.ai.decide itself (inline here, at easy: instant), given the seat's view by the runtime: every move it
    makes is taken by the engine, none falls back to a random one."""
    from engines.ai import decide

    runtime.computers.decider = decide
    live = await open_game(runtime, game, ["-11", "-21"], start=False)

    def short(row):
        row.options = dict(options)

    await runtime.update_lobby(live.id, short, lobby_ops)
    await runtime.start(live.id, lambda g: [{"do": "open_thread", "name": f"game {g.id}"}])
    live = await runtime.get(live.id)
    for _ in range(60):
        if live.state.outcome is not None:
            break
        await clock.advance(2.01)
        await runtime.idle()
    assert runtime.computers.moves >= 5 and runtime.computers.failures == 0
    assert all(a["player"] in ("-11", "-21", "@clock") for a in await actions_of(runtime, live.id))
    if game == "midnighters":
        assert live.state.outcome is not None  # two turns each (MN-62's limit): over
