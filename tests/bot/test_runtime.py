"""The runtime on a real database: lobby, actions, outbox, timers, restart and concurrent writers."""

from __future__ import annotations

import asyncio
import random
import threading

import pytest
from sqlalchemy import func, select

import translations as i18n
from bot.db import ActionRow, Deadline, Game, OutboxRow, Result
from bot.deliverer import Undelivered
from bot.delivery import Dispatcher
from bot.games import game_ui
from bot.lobby import lobby_ops
from bot.runtime import GameError, Runtime
from engines import ENGINE_NAMES, copying, get_engine
from engines.core import HOST, Action, IllegalAction, replay

GUILD, CHANNEL = 111, 222
PLAYERS = [str(1000 + i) for i in range(10)]


async def open_game(runtime: Runtime, players=PLAYERS, engine="night_watch", options=None, language="en"):
    live = await runtime.open_lobby(
        engine,
        guild_id=GUILD,
        guild_name="Babylon 5",
        channel_id=CHANNEL,
        host_id=int(players[0]),
        host_name="host",
        language=language,
        lobby_ops=lobby_ops,
    )

    def seat(row):
        row.seats[:] = list(players)
        row.names.update({p: f"player{p[-2:]}" for p in players})
        row.options = dict(options or {})

    await runtime.update_lobby(live.id, seat, lobby_ops)
    start_ops = lambda game: [{"do": "open_thread", "name": f"game {game.id}"}]  # noqa: E731
    await runtime.start(live.id, start_ops)
    await runtime.idle()
    return live


async def play_randomly(runtime: Runtime, game_id: int, chooser: random.Random, steps: int) -> None:
    for _ in range(steps):
        live = await runtime.get(game_id)
        if live.state.outcome is not None:
            return
        prompt = live.state.prompts[0]
        actors = [p for p in prompt.players if live.engine.legal_actions(live.state, p)]
        action = live.engine.random_action(live.state, chooser.choice(actors), chooser) if actors else None
        if action is None or action.kind == "leave":
            action = Action.timeout(prompt.id)
        await runtime.act(game_id, action)


async def count(runtime, model, **where):
    async with runtime.db.sessions() as session:
        stmt = select(func.count()).select_from(model)
        for k, v in where.items():
            stmt = stmt.where(getattr(model, k) == v)
        return await session.scalar(stmt)


async def test_lobby_start_deals_roles_by_dm_and_opens_the_thread(runtime, transport):
    live = await open_game(runtime)
    assert live.row.status == "running"
    assert live.row.thread_id in transport.threads
    for player in PLAYERS:  # NW-5: each player learns their role privately, with the server and game named
        dms = transport.dms(int(player))
        assert any("Your role" in text and "Babylon 5" in text and f"#{live.id}" in text for text in dms), dms
    public = transport.texts(live.row.thread_id)
    assert any("Discussion" in text for text in public)
    assert not any("Your role" in text for text in public)


async def test_every_action_is_logged_with_its_outbox_in_one_transaction(runtime):
    live = await open_game(runtime)
    await play_randomly(runtime, live.id, random.Random(1), 15)
    await runtime.idle()
    steps = live.state.step
    assert await count(runtime, ActionRow, game_id=live.id) == steps
    async with runtime.db.sessions() as session:
        seqs = (await session.scalars(select(ActionRow.seq).where(ActionRow.game_id == live.id).order_by(ActionRow.seq))).all()
        pending = await session.scalar(select(func.count()).select_from(OutboxRow).where(OutboxRow.sent.is_(False)))
    assert seqs == list(range(1, steps + 1))
    assert pending == 0
    record = {"players": PLAYERS, "options": {}, "seed": live.row.seed, "log": await runtime.log_of(live.id)}
    assert replay(live.engine, record) == live.state


async def test_illegal_action_writes_nothing(runtime):
    live = await open_game(runtime)
    before = await count(runtime, OutboxRow)
    with pytest.raises(IllegalAction) as err:
        await runtime.act(live.id, Action(PLAYERS[0], "vote#99", "vote", {"target": PLAYERS[1]}))
    assert err.value.code == "stale_prompt"
    with pytest.raises(IllegalAction):
        await runtime.act(live.id, Action("999", live.state.prompts[0].id, "ready"))
    assert await count(runtime, ActionRow, game_id=live.id) == 0
    assert await count(runtime, OutboxRow) == before


async def test_timers_fire_through_the_log_and_warn_first(runtime, clock, transport):
    live = await open_game(runtime, options={"discussion_seconds": 60})
    prompt = live.state.prompts[0]
    async with runtime.db.sessions() as session:
        deadline = await session.get(Deadline, (live.id, prompt.id))
    assert deadline.due_at == pytest.approx(clock.now() + 60)
    await clock.advance(31)
    await runtime.idle()
    assert any("30 seconds left" in t for t in transport.texts(live.row.thread_id))
    await clock.advance(30)
    await runtime.idle()
    assert live.state.phase == "vote"
    log = await runtime.log_of(live.id)
    assert log[-1] == {"player": "@clock", "prompt": prompt.id, "kind": "timeout", "args": {}}


async def test_an_actions_timers_and_delivery_follow_on_the_loops_next_turn_and_a_last_actions_at_once(runtime, clock, transport):
    """Issue 27: a click's answer waits for its action made durable, not for the bookkeeping after it: the timers of
    the prompts it opened and closed, and the drain delivering its messages, follow on the loop's next turn
    (bot.play.Play.follow_up). An action that ends its game is followed up at once: the game
    is evicted only once its last messages are out, which a drain not yet started could not say."""
    games = [await open_game(runtime, options={"discussion_seconds": 60}) for _ in range(2)]
    for live in games:
        await runtime.act(live.id, Action.timeout(live.state.prompts[0].id))  # NW-9, NW-10: the discussion ends, the vote opens
        assert live.state.phase == "vote" and set(live.deadlines) == {"vote#2"}  # durable and in memory ...
        assert set(runtime._timers[live.id]) == {"discussion#1"}  # ... its bookkeeping not yet done
        assert not runtime.dispatcher.busy(live.id)
        await asyncio.sleep(0)  # the loop's next turn
        assert set(runtime._timers[live.id]) == set(live.deadlines) == {"vote#2"}
        assert runtime.dispatcher.busy(live.id)  # its drain runs
    await runtime.idle()
    assert all(any("Vote" in text for text in transport.texts(live.row.thread_id)) for live in games)

    last = games[0]
    await play_randomly(runtime, last.id, random.Random(3), 500)
    assert last.state.outcome is not None
    assert last.id not in runtime._timers  # settled at once: no timer left for a prompt of a game that is over
    assert runtime.dispatcher.busy(last.id) and last.id in runtime.games  # kept while its last messages go out
    await runtime.idle()
    assert last.id not in runtime.games  # then evicted
    assert any("🏁" in text for text in transport.texts(CHANNEL))


async def test_one_games_failed_follow_up_leaves_the_others_followed_up(runtime, monkeypatch, caplog):
    """The follow-up of the actions of one turn runs for every game even when one game's fails: that one is logged
    (its action stands, committed), the others get their timers and delivery as usual."""
    failing, fine = [await open_game(runtime, options={"discussion_seconds": 60}) for _ in range(2)]
    arm = runtime.timers.arm

    def broken(live):
        if live.id == failing.id:
            raise RuntimeError("boom")
        arm(live)

    monkeypatch.setattr(runtime.timers, "arm", broken)
    for live in (failing, fine):
        await runtime.act(live.id, Action.timeout(live.state.prompts[0].id))
    await asyncio.sleep(0)
    assert set(runtime._timers[fine.id]) == {"vote#2"} and runtime.dispatcher.busy(fine.id)
    assert failing.state.phase == "vote"  # the action stands
    assert any("could not be woken" in r.getMessage() and str(failing.id) in r.getMessage() for r in caplog.records)


async def test_a_game_is_read_at_once_on_the_writers_connection_and_reads_as_through_a_session(runtime, monkeypatch):
    """Issue 27: on a SQLite file a game's first use reads it at once on the writer's own connection (no round trips
    to aiosqlite's thread: a game's rebuild after a restart took 4.3 ms, 1.5 ms so), and reads the same game as an
    async session does (PostgreSQL always reads through one)."""
    live = await open_game(runtime, options={"discussion_seconds": 60})
    await play_randomly(runtime, live.id, random.Random(2), 12)
    await runtime.idle()
    runtime.forget(live.id)
    async with runtime.db.sessions() as session:
        through_session = await session.run_sync(runtime.cache._read, live.id)
    if runtime.writer.in_process:  # SQLite: no session is opened at all
        monkeypatch.setattr(runtime.db, "sessions", lambda: pytest.fail("read through an async session"))
    loaded = await runtime.get(live.id)
    assert loaded is not live and loaded.state == live.state == through_session.state
    assert loaded.deadlines == live.deadlines == through_session.deadlines
    assert (loaded.row.seq, loaded.row.seats, loaded.row.slots) == (through_session.row.seq, through_session.row.seats, through_session.row.slots)
    if runtime.writer.in_process:  # the writer's connection is left as it was: the next action commits
        await runtime.act(live.id, Action.timeout(loaded.state.prompts[0].id))
        assert runtime.games[live.id].state.step == live.state.step + 1


async def test_restart_rebuilds_games_and_rearms_timers(database, clock, transport):
    first = Runtime(database, clock)
    Dispatcher(first, transport, retry_delay=0)
    live = await open_game(first, options={"vote_seconds": 30})
    await play_randomly(first, live.id, random.Random(3), 40)
    await first.idle()
    state_before = live.state
    await first.close()
    # a new process on the same database
    second = Runtime(database, clock)
    Dispatcher(second, transport, retry_delay=0)
    recovered = await second.recover()
    assert live.id in recovered
    again = await second.get(live.id)
    assert again.state == state_before
    if again.state.outcome is None:
        prompt = again.state.prompts[0]
        await clock.advance(prompt.timeout + 1)
        await second.idle()
        assert again.state.step == state_before.step + 1 or again.state.outcome is not None
    await second.close()


def parsing_recorded(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bool]]:
    """Every language's catalogues parsed from now on, from none, each with whether it was on the loop's thread."""
    parsed: list[tuple[str, bool]] = []
    original = i18n.bundle

    def bundle(lang):
        if not i18n.loaded(lang):
            parsed.append((lang, threading.current_thread() is threading.main_thread()))
        return original(lang)

    monkeypatch.setattr(i18n, "bundle", bundle)
    monkeypatch.setattr(i18n, "_BUNDLES", {})
    return parsed


async def test_a_language_is_parsed_before_its_first_words_a_lobbys_off_the_loop_a_restarts_before_serving(
    database, clock, transport, monkeypatch
):
    """Issue 27: the first words in a language parsed its catalogues on the event loop, a tenth to a fifth of a
    second in which no click was answered (a bench window's worst stall). A lobby opening in a language not loaded
    yet has it parsed in a thread before the lobby is worded; a restart parses those its games speak, and English
    (what a catalogue lacks is said in English), before anyone is served, and no other. Each game's presenter
    loads what it needs ahead at both moments (:meth:`bot.presenter.Presenter.warm`), and in a thread when the
    lobby's options change (Když sním's element language, KS-15)."""
    parsed = parsing_recorded(monkeypatch)
    warmed: list[tuple[dict, bool]] = []  # and what the game's presenter loads ahead (Když sním: the judge's table)
    presenter = game_ui("kdyz_snim").presenter
    monkeypatch.setattr(
        presenter, "warm", lambda options: warmed.append((dict(options), threading.current_thread() is threading.main_thread()))
    )
    first = Runtime(database, clock)
    Dispatcher(first, transport, retry_delay=0)
    live = await open_game(first, PLAYERS[:5], engine="kdyz_snim", options={"language": "ru"}, language="cs")
    assert parsed[0] == ("cs", False)  # in a thread, before anything was worded in Czech
    # the lobby's options (the server's language, its default), then the host's: in threads, before the deal
    assert warmed == [({"language": "cs"}, False), ({"language": "ru"}, False)]
    await first.close()
    monkeypatch.setattr(i18n, "_BUNDLES", {})
    parsed.clear()
    second = Runtime(database, clock)
    Dispatcher(second, transport, retry_delay=0)
    assert live.id in await second.recover()
    assert sorted(lang for lang, _ in parsed) == ["cs", "en"] and sorted(i18n._BUNDLES) == ["cs", "en"]
    assert warmed[2:] == [({"language": "ru"}, True)]  # the running game's options, as the host set them
    await second.close()


async def test_a_restart_prepares_every_games_copies_before_serving_so_no_first_click_pays_for_them(
    database, clock, transport, monkeypatch
):
    """Issue 27: a game's first action in a process made how its state is copied on read (its annotations resolved,
    its copiers compiled): 2-2.5 ms on the first click, ten times an action's own time. A restart makes it for every
    game before anyone is served (any process may be asked to act on any game); the first action then makes none."""
    monkeypatch.setattr(copying, "_PLANS", {})  # as in a fresh process
    first = Runtime(database, clock)
    Dispatcher(first, transport, retry_delay=0)
    await first.recover()
    assert set(copying._PLANS) == {get_engine(name).state_class for name in ENGINE_NAMES}
    made = dict(copying._PLANS)
    live = await open_game(first)
    await play_randomly(first, live.id, random.Random(1), 3)
    assert copying._PLANS == made  # nothing made by the first actions
    await first.close()


async def test_deadline_that_passed_while_down_fires_at_once(database, clock, transport):
    first = Runtime(database, clock)
    Dispatcher(first, transport, retry_delay=0)
    live = await open_game(first)
    await first.close()
    clock._now += 10_000  # the bot was down for hours
    second = Runtime(database, clock)
    Dispatcher(second, transport, retry_delay=0)
    await second.recover()
    await clock.advance(0)
    await second.idle()
    again = await second.get(live.id)
    assert again.state.phase == "vote"
    await second.close()


async def test_undelivered_outbox_is_sent_after_restart_exactly_once(database, clock, transport):
    first = Runtime(database, clock)  # no dispatcher: the process "dies" before delivering anything
    live = await open_game_without_delivery(first)
    assert transport.calls == []
    second = Runtime(database, clock)
    Dispatcher(second, transport, retry_delay=0)
    await second.recover()
    await second.idle()
    posts = [c for c in transport.calls if c[0] == "post"]
    assert posts
    assert second.replays == 1  # the steps' words were made from the log: the first process kept them in memory
    third = Runtime(database, clock)
    Dispatcher(third, transport, retry_delay=0)
    await third.recover()
    await third.idle()
    assert [c for c in transport.calls if c[0] == "post"] == posts  # nothing sent twice
    for rt in (first, second, third):
        await rt.close()
    del live


async def open_game_without_delivery(runtime: Runtime):
    runtime.dispatcher = Undelivered()
    return await open_game(runtime)


async def test_a_drained_game_keeps_only_its_current_states_legal_actions(runtime, monkeypatch):
    """Issue 27: once a step is delivered, the game's memo of legal actions forgets the states before it (objects
    every full collection would walk until the next step), so asking about the older state asks the engine again."""
    live = await open_game(runtime)
    await runtime.idle()
    before = live.state
    live.legal(before, PLAYERS[1])
    await runtime.act(live.id, Action(HOST, before.prompts[0].id, "skip"))
    await runtime.idle()
    asked: list[object] = []
    engine_legal = live.engine.legal_actions

    def counting(state, player):
        asked.append(state)
        return engine_legal(state, player)

    monkeypatch.setattr(live.engine, "legal_actions", counting)
    live.legal(before, PLAYERS[1])
    assert asked == [before]


async def test_concurrent_writer_is_detected_by_sequence_number(database, clock, transport):
    """Two processes hold the same game; the second to write a step reloads and is refused as stale."""
    a = Runtime(database, clock)
    Dispatcher(a, transport, retry_delay=0)
    live = await open_game(a)
    b = Runtime(database, clock)
    Dispatcher(b, transport, retry_delay=0)
    await b.get(live.id)  # b caches the game at step 0
    prompt = live.state.prompts[0]
    await a.act(live.id, Action(HOST, prompt.id, "skip"))  # a moves the game on (discussion -> vote)
    with pytest.raises(IllegalAction) as err:
        await b.act(live.id, Action(PLAYERS[1], prompt.id, "ready"))  # b's cache is stale
    assert err.value.code == "stale_prompt"
    fresh = await b.get(live.id)
    assert fresh.state.phase == "vote"
    # and b can go on acting on the fresh state
    vote = fresh.state.prompts[0]
    await b.act(live.id, Action(PLAYERS[1], vote.id, "vote", {"target": PLAYERS[2]}))
    assert await count(b, ActionRow, game_id=live.id) == 2
    for rt in (a, b):
        await rt.close()


async def test_finished_game_records_results(runtime):
    live = await open_game(runtime, players=PLAYERS[:5])
    chooser = random.Random(5)
    await play_randomly(runtime, live.id, chooser, 500)
    assert live.state.outcome is not None
    async with runtime.db.sessions() as session:
        row = await session.get(Game, live.id)
        results = (await session.scalars(select(Result).where(Result.game_id == live.id))).all()
    assert row.status == "finished" and row.outcome["reason"] == live.state.outcome.reason
    assert {str(r.user_id) for r in results} == set(PLAYERS[:5])
    assert {str(r.user_id) for r in results if r.won} == set(live.state.outcome.winners)
    with pytest.raises(GameError):
        await runtime.act(live.id, Action(PLAYERS[0], "x", "ready"))


async def test_pause_keeps_remaining_time_and_resume_restores_it(runtime, clock):
    live = await open_game(runtime, options={"discussion_seconds": 100})
    await clock.advance(40)
    await runtime.pause(live.id)
    await clock.advance(1000)
    await runtime.idle()
    assert live.state.phase == "discussion"
    await runtime.resume(live.id)
    await clock.advance(59)
    await runtime.idle()
    assert live.state.phase == "discussion"
    await clock.advance(2)
    await runtime.idle()
    assert live.state.phase == "vote"


async def test_dm_closed_falls_back_to_a_public_mention_without_secrets(runtime, transport):
    transport.closed_dms.add(int(PLAYERS[3]))
    live = await open_game(runtime)
    public = transport.texts(live.row.thread_id)
    notice = [t for t in public if f"<@{PLAYERS[3]}>" in t]
    assert notice and "/game mine" in notice[0]
    role = live.state.roles[PLAYERS[3]]
    assert all(role not in t.lower() for t in notice)


async def test_nw_20_eliminated_players_are_muted_in_the_thread_until_the_end(runtime, transport):
    live = await open_game(runtime, players=PLAYERS)
    chooser = random.Random(11)
    muted_seen = False
    while live.state.outcome is None:
        await play_randomly(runtime, live.id, chooser, 1)
        await runtime.idle()
        out = {int(p) for p in live.state.players if p not in live.state.alive}
        if out and live.state.outcome is None:
            (role,) = transport.roles.values()
            assert role["members"] == out and live.row.channel_id in role["denied_in"]
            muted_seen = True
    assert muted_seen
    assert transport.roles == {}  # the game's role was deleted at the end: everyone may talk again


async def test_without_manage_roles_the_game_goes_on_unmuted(runtime, transport):
    transport.no_manage_roles = True
    live = await open_game(runtime, players=PLAYERS[:5])
    await play_randomly(runtime, live.id, random.Random(11), 500)
    await runtime.idle()
    assert live.state.outcome is not None and transport.roles == {}
    # issue 25: the host is told once that players out cannot be silenced, and why
    told = [t for t in transport.dms(int(live.row.host_id)) if "Manage Roles" in t]
    assert len(told) == 1 and "can still write" in told[0], told


async def test_team_without_private_thread_is_relayed_by_dm(runtime, transport):
    transport.no_private_threads = True
    players = PLAYERS[:10]
    live = await open_game(runtime, players=players)
    watch = [p for p in players if live.state.roles[p] in ("watch", "wells")]
    for member in watch:  # NW-6 by DM instead of the thread
        assert any("meets in secret" in t for t in transport.dms(int(member)))
    assert await runtime.dispatcher.relay(live, watch[0], "let's get Sheridan")
    assert any("let's get Sheridan" in t for t in transport.dms(int(watch[1])))
    citizen = next(p for p in players if p not in watch)
    assert not await runtime.dispatcher.relay(live, citizen, "hello?")
    assert not any("hello?" in t for w in watch for t in transport.dms(int(w)))


async def test_nw_25_narrator_sees_every_private_event(runtime, transport):
    live = await runtime.open_lobby(
        "night_watch", guild_id=GUILD, guild_name="B5", channel_id=CHANNEL, host_id=1, host_name="h", language="en",
        lobby_ops=lobby_ops,
    )

    def seat(row):
        row.seats[:] = list(PLAYERS)
        row.names.update({p: f"player{p[-2:]}" for p in PLAYERS})
        row.narrator_id = 4242

    await runtime.update_lobby(live.id, seat, lobby_ops)
    await runtime.start(live.id, lambda game: [{"do": "open_thread", "name": "g"}])
    await runtime.idle()
    narrator = "\n".join(transport.dms(4242))
    for player in PLAYERS:  # every role, as it is dealt
        assert f"[player{player[-2:]}] Your role" in narrator
    team = next(t for t in transport.threads.values() if t["private"])
    assert 4242 in team["members"]  # NW-P3: the Watch channel holds the narrator too


async def test_an_untouched_lobby_closes_by_itself_after_an_hour(runtime, clock, transport):
    from bot.runtime import LOBBY_SECONDS

    live = await runtime.open_lobby(
        "night_watch", guild_id=GUILD, guild_name="B5", channel_id=CHANNEL, host_id=1, host_name="h", language="en",
        lobby_ops=lobby_ops,
    )
    await clock.advance(LOBBY_SECONDS - 60)
    await runtime.update_lobby(live.id, lambda row: row.seats.append("2"), lobby_ops)  # activity: an hour again
    await clock.advance(120)
    await runtime.idle()
    assert live.row.status == "lobby"
    await clock.advance(LOBBY_SECONDS)
    await runtime.idle()
    assert live.row.status == "aborted"
    lobby = transport.messages[live.row.slots["lobby"]["message"]]
    assert "nobody started it" in lobby["content"] and lobby["components"] == []


async def test_posts_to_one_channel_keep_discords_pace(clock):
    """At most 5 posts in 5 s to one channel: the sixth waits for the first to leave the window, and a little
    longer (the margin), so it cannot reach Discord inside the first one's window."""
    from bot.pacing import Pacer

    pacer = Pacer(clock)
    for _ in range(5):
        await pacer.wait(1)
    sixth = asyncio.ensure_future(pacer.wait(1))
    await clock.advance(5.0)
    assert not sixth.done()  # exactly 5 s after the first: Discord may still count them together
    await pacer.wait(2)  # another channel is not held up
    await clock.advance(0.3)
    assert sixth.done()


async def test_the_whole_bot_keeps_under_discords_50_calls_a_second(runtime, clock, transport):
    """Every call the dispatcher makes waits its turn in one bot-wide window: a burst (a 25-player deal) goes
    out at most BOT_CALLS_PER_SECOND a second, the rest a moment later; nothing is dropped."""
    from bot.delivery import Dispatcher
    from bot.pacing import BOT_CALLS_PER_SECOND, Pacer

    dispatcher = Dispatcher(runtime, transport, bot_pacer=Pacer(clock, limit=BOT_CALLS_PER_SECOND, window=1.0, margin=0.05))
    calls = [asyncio.ensure_future(dispatcher.transport.dm_channel(5000 + i)) for i in range(BOT_CALLS_PER_SECOND + 5)]
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    assert sum(c.done() for c in calls) == BOT_CALLS_PER_SECOND and len(transport.calls) == BOT_CALLS_PER_SECOND
    await clock.advance(1.1)
    await asyncio.gather(*calls)
    assert len(transport.calls) == BOT_CALLS_PER_SECOND + 5
    assert dispatcher.transport.calls is transport.calls  # what is not a call passes through


async def test_a_post_keeps_its_channels_pace_at_the_moment_it_leaves(runtime, clock, transport):
    """The channel's pace is waited last, after the bot-wide one: a post held back by the bot's budget is timed
    by its channel when it leaves, so six posts never reach one channel within 5 s (the unpaced bench once saw
    six in the Watch's thread when the order was the other way round)."""
    from bot.delivery import Dispatcher
    from bot.pacing import Pacer

    dispatcher = Dispatcher(runtime, transport, pacer=Pacer(clock), bot_pacer=Pacer(clock, limit=2, window=1.0, margin=0.0))
    sent: list[float] = []
    post = transport.post

    async def timed(channel_id, payload, files=None):
        sent.append(clock.now())
        return await post(channel_id, payload, files)

    transport.post = timed
    others = [asyncio.ensure_future(dispatcher.transport.dm_channel(7000 + i)) for i in range(6)]  # the budget's first 3 s
    posts = [asyncio.ensure_future(dispatcher.transport.post(42, {"content": f"proposal {i}"})) for i in range(6)]
    for _ in range(30):
        await asyncio.sleep(0)
        await clock.advance(0.5)
    await asyncio.gather(*others, *posts)
    assert len(sent) == 6
    assert all(later - earlier > 5.0 for earlier, later in zip(sent, sent[5:])), sent


async def test_a_burst_of_votes_rewrites_the_tally_once(database, clock, transport):
    """With debouncing, ten votes cast faster than the debounce edit the live tally far fewer than ten times."""
    rt = Runtime(database, clock, new_seed=lambda: "seed-1")
    Dispatcher(rt, transport, retry_delay=0, debounce=0.05)
    live = await open_game(rt)
    await rt.act(live.id, Action(HOST, live.state.prompts[0].id, "skip"))
    await rt.idle()
    vote = live.state.prompts[0].id
    edits_before = sum(1 for c in transport.calls if c[0] == "edit")
    for voter in PLAYERS[1:9]:
        await rt.act(live.id, Action(voter, vote, "vote", {"target": PLAYERS[0]}))
    await rt.idle()
    edits = sum(1 for c in transport.calls if c[0] == "edit") - edits_before
    assert 1 <= edits < 8
    tally = transport.messages[live.row.slots[f"prompt:{vote}"]["message"]]["content"]
    assert "Votes cast: 8 of 10" in tally  # the last rewrite carries every vote
    await rt.close()


async def test_games_of_finds_seated_players_and_the_narrator_only(runtime):
    live = await open_game(runtime, players=PLAYERS[:5])
    assert [g.id for g in await runtime.games_of(int(PLAYERS[2]))] == [live.id]
    assert await runtime.games_of(int(PLAYERS[7])) == []
    assert await runtime.games_of(int(PLAYERS[2][:-1])) == []  # a prefix of an id is not the id


async def test_mh_57_a_chess_clock_runs_only_while_its_player_is_asked_and_stops_while_paused(runtime, clock):
    """The runtime tells a game that keeps time how long each prompt waited (``elapsed``), pauses excluded; the
    log holds it, so a replay spends the same seconds."""
    live = await open_game(runtime, players=PLAYERS[:2], engine="midnight_hunt", options={"clock_minutes": 5})
    first = live.state.prompts[0]
    player = first.players[0]
    assert first.timeout == 300
    await clock.advance(7)
    await runtime.pause(live.id)
    await clock.advance(500)  # paused: nobody's clock runs
    await runtime.resume(live.id)
    await clock.advance(5)
    pick = live.engine.legal_actions(live.state, player)[0]
    await runtime.act(live.id, pick)
    assert live.state.seats[player].clock == 300 - 12 + live.state.options["increment_seconds"]
    async with runtime.db.sessions() as session:
        logged = (await session.scalars(select(ActionRow).where(ActionRow.game_id == live.id))).all()
    assert logged[-1].action["args"] == {**pick.args, "elapsed": 12}


async def test_mn_19_the_turn_budget_carries_over_a_reaction_window(runtime, clock):
    """MN-19: the turn's time is spent only while the engine waits for the current player; the turn prompt
    re-opened after a reaction window carries the time left, not a fresh ``turn_seconds``."""
    live = await open_game(runtime, players=PLAYERS[:2], engine="midnighters", options={"turn_seconds": 120})
    turn = live.state.prompts[0]
    player = turn.players[0]
    assert (turn.kind, turn.timeout) == ("turn", 120)
    await clock.advance(30)
    play = next(a for a in live.engine.legal_actions(live.state, player) if a.kind == "sleepwalk")
    await runtime.act(live.id, play)
    window = live.state.prompts[0]
    assert window.kind == "reaction"
    await clock.advance(window.timeout)  # the window lapses by its own timer: not the turn's time
    await runtime.idle()
    again = live.state.prompts[0]
    assert (again.kind, again.players, again.timeout) == ("turn", (player,), 90)


async def test_a_board_rewritten_again_and_again_is_still_drawn_every_few_seconds(runtime, clock):
    """Edits of a live message that a newer one in the outbox rewrites are skipped, but a board is drawn at least
    every ``BOARD_SHOWN_EVERY`` seconds, so fast play does not freeze the picture until play stops."""
    from types import SimpleNamespace

    from bot.delivery import BOARD_SHOWN_EVERY
    from bot.outbox import Row

    dispatcher = runtime.dispatcher
    drawn: list[str] = []

    async def execute(live, op, nonce=None):
        drawn.append(op["content"])
        return {"edited": True}

    dispatcher.execute = execute
    live = SimpleNamespace(id=7, row=SimpleNamespace(slots={"board": {"message": 1}, "prompt:x": {"message": 2}}))

    def board(n: int) -> Row:
        return Row(n, {"slot": "board", "content": f"board {n}", "render": {"kind": "board"}})

    newer = [board(99).op]
    assert await dispatcher._deliver(live, board(1), newer) == {"edited": True}  # never drawn yet: drawn
    assert await dispatcher._deliver(live, board(2), newer) == {"superseded": True}
    await clock.advance(BOARD_SHOWN_EVERY)
    assert await dispatcher._deliver(live, board(3), newer) == {"edited": True}
    # a tally (no image) is skipped whenever a newer rewrite follows
    tally = Row(4, {"slot": "prompt:x", "content": "tally 4"})
    assert await dispatcher._deliver(live, tally, [{"slot": "prompt:x", "content": "tally 5"}]) == {"superseded": True}
    assert drawn == ["board 1", "board 3"]


async def test_nw_13_a_double_click_on_the_watchs_choice_is_posted_once(runtime, transport):
    """NW fix 9: the same proposal clicked twice at once is taken once, and the Watch's thread shows it once."""
    live = await open_game(runtime, players=PLAYERS)
    chooser = random.Random(5)
    while not (live.state.phase == "night" and live.state.day >= 1):
        await play_randomly(runtime, live.id, chooser, 1)
        assert live.state.outcome is None
    await runtime.idle()
    prompt = live.state.prompts[0]
    kill = next(
        a for p in prompt.players for a in live.engine.legal_actions(live.state, p) if a.kind == "kill"
    )
    results = await asyncio.gather(runtime.act(live.id, kill), runtime.act(live.id, kill), return_exceptions=True)
    assert sum(isinstance(r, IllegalAction) for r in results) == 1 and sum(isinstance(r, list) for r in results) == 1, results
    await runtime.idle()
    watch_thread = next(t for t, th in transport.threads.items() if th["private"])
    proposals = [t for t in transport.texts(watch_thread) if "as the victim" in t and f"player{kill.args['target'][-2:]}" in t]
    assert len(proposals) == 1, transport.texts(watch_thread)


async def test_sqlite_hands_the_outbox_over_in_memory_and_marks_it_sent_through_the_writer(runtime, transport):
    """The hot path (issue 16): on SQLite the dispatcher is handed the rows an action wrote by the commit that wrote
    them, so it neither reads them back nor reads an empty outbox after a drain, and its "sent" marks are committed
    by the actions' own writer (no second connection fighting for the write lock). The table stays the truth."""
    from sqlalchemy import event

    if not runtime.db.is_sqlite:
        pytest.skip("SQLite only: with several processes the outbox is read, as before")
    live = await open_game(runtime)
    statements: list[str] = []
    event.listen(runtime.db.engine.sync_engine, "before_cursor_execute", lambda c, cur, sql, *a: statements.append(sql))
    committed: list[str] = []
    commit = runtime.writer.commit

    async def recording(stmts, guard=None, on_commit=None):
        committed.extend(str(s) for s, _ in stmts)
        await commit(stmts, guard, on_commit)

    runtime.writer.commit = recording
    posts_before = len([c for c in transport.calls if c[0] == "post"])
    await play_randomly(runtime, live.id, random.Random(3), 12)
    await runtime.idle()
    outbox_reads = [s for s in statements if s.lstrip().upper().startswith("SELECT") and "outbox" in s]
    assert outbox_reads == []
    assert any(s.startswith("UPDATE outbox SET sent") for s in committed)  # marks go through the writer
    assert await count(runtime, OutboxRow, sent=False) == 0
    assert len([c for c in transport.calls if c[0] == "post"]) > posts_before
    # a row written some other way (the host's abort) is read from the outbox, after the handed ones
    await runtime.cancel(live.id, [{"do": "post", "to": "game", "content": "aborted by the host"}])
    await runtime.idle()
    assert await count(runtime, OutboxRow, sent=False) == 0
    assert "aborted by the host" in transport.texts(live.row.thread_id)[-1]


async def test_a_snapshot_follows_its_action_and_a_lost_one_costs_only_a_longer_replay(database, clock, transport):
    """Snapshots are written after their actions, in transactions of their own (the click does not wait for the
    state's dump); a process that dies before writing one leaves the older one, and a restart replays more."""
    from bot.db import Snapshot

    first = Runtime(database, clock)
    Dispatcher(first, transport, retry_delay=0)
    live = await open_game(first)
    while live.state.step < 30 and live.state.outcome is None:
        await play_randomly(first, live.id, random.Random(live.state.step), 1)
    await first.idle()
    async with database.sessions() as session:
        assert (await session.get(Snapshot, live.id)).seq == 25
    first._snapshot_soon = lambda live, state: None  # from here on the process dies before its snapshots are written
    while live.state.step < 55 and live.state.outcome is None:
        await play_randomly(first, live.id, random.Random(live.state.step), 1)
    await first.idle()
    second = Runtime(database, clock)
    assert (await second.get(live.id)).state == live.state
    async with database.sessions() as session:
        assert (await session.get(Snapshot, live.id)).seq == 25
    await first.close()
    await second.close()


async def test_a_forgotten_slot_costs_no_call(runtime, transport):
    """``forget`` drops a slot's message from the game's bookkeeping and leaves the message as it is."""
    from types import SimpleNamespace

    live = SimpleNamespace(id=7, row=SimpleNamespace(slots={"dm:night#3:1001": {"channel": 5, "message": 9}, "board": {"message": 1}}))
    assert await runtime.dispatcher.execute(live, {"do": "forget", "slot": "dm:night#3:1001"}, None) == {"forgotten": "dm:night#3:1001"}
    assert live.row.slots == {"board": {"message": 1}} and transport.calls == []


async def test_a_dm_whose_controls_a_click_took_off_is_not_edited_to_take_them_off_again(runtime, transport):
    """``controls_gone``: a click's answer left the DM without controls; the closing edit that only takes them off
    makes no call, while an edit that gives the message controls again is made and unmarks it."""
    from types import SimpleNamespace

    channel = await transport.dm_channel(1001)
    message = await transport.post(channel, {"content": "Night 1: choose", "components": [{"type": 1, "components": []}]})
    live = SimpleNamespace(id=7, row=SimpleNamespace(slots={"dm:night#3:1001": {"channel": channel, "message": message}}))
    runtime.games[7] = live
    runtime.dispatcher.controls_gone(7, message)
    strip = {"do": "edit", "slot": "dm:night#3:1001", "components": [], "forget": True}
    calls = len(transport.calls)
    assert await runtime.dispatcher.execute(live, dict(strip), None) == {"edited": message, "already": True}
    assert len(transport.calls) == calls and "dm:night#3:1001" not in live.row.slots  # forgotten, no call
    live.row.slots["w"] = {"channel": channel, "message": message, "bare": True}
    await runtime.dispatcher.send_now(live, {"do": "edit", "slot": "w", "content": "Night 1: choose\n⏳ 10 seconds left"})
    assert len(transport.calls) == calls  # a player who is done is not warned (it would erase the answer shown)
    live.row.slots["s"] = {"channel": channel, "message": message, "bare": True}
    again = {"do": "edit", "slot": "s", "content": "Night 2", "components": [{"type": 1, "components": []}]}
    await runtime.dispatcher.execute(live, again, None)
    assert ("edit", message) in transport.calls and "bare" not in live.row.slots["s"]
    del runtime.games[7]


async def test_a_drain_the_database_failed_is_tried_again_without_waiting_for_the_next_action(runtime, clock, transport):
    """The outbox of a game's last action must not wait for an action that never comes: a drain whose sent marks
    the database refused goes again after a pause on the runtime's clock, and everything is delivered once."""
    from sqlalchemy.exc import OperationalError

    from bot.delivery import DRAIN_RETRY_MIN
    from bot.statements import MARK_SENT

    live = await open_game(runtime)
    commit = runtime.writer.commit
    failed = []

    async def refuse_once(statements, guard=None, on_commit=None):
        if not failed and any(statement is MARK_SENT for statement, _ in statements):
            failed.append(True)
            raise OperationalError("UPDATE outbox", {}, Exception("database is locked"))
        return await commit(statements, guard, on_commit)

    runtime.writer.commit = refuse_once
    await runtime.act(live.id, Action(HOST, live.state.prompts[0].id, "skip"))  # NW-9: the host opens the vote
    await runtime.idle()
    assert failed and await count(runtime, OutboxRow, sent=False) > 0  # delivered, not marked: waiting
    await clock.advance(DRAIN_RETRY_MIN)
    await runtime.idle()
    assert await count(runtime, OutboxRow, sent=False) == 0
    votes = [m for m in transport.messages.values() if "The vote begins: who goes to jail" in (m.get("content") or "")]
    assert len(votes) == 1  # the retry found its post by its nonce: not posted twice
